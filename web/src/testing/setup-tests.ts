import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initTestI18n } from './i18n-for-tests.ts';

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
});

// An unexpected console.error or console.warn fails the test that caused it.
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    throw new Error(`console.${level} called: ${args.map(String).join(' ')}`);
  });
}
