import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '@/lib/data/query-client.ts';
import { initTestI18n } from './i18n-for-tests.ts';

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  // Each test starts from what is in storage, not from what an earlier test had cached.
  queryClient.clear();
});

// An unexpected console.error or console.warn fails the test that caused it. Installed before
// each test: `restoreMocks` (vite.config.ts) undoes every spy between tests. A test that expects
// a log replaces the spy with its own.
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${level} called: ${args.map(String).join(' ')}`);
    });
  }
});
