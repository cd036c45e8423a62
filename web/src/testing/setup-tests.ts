import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
});

// An unexpected console.error or console.warn fails the test that caused it.
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    throw new Error(`console.${level} called: ${args.map(String).join(' ')}`);
  });
}
