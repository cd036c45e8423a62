import { Suspense, type ReactElement, type ReactNode } from 'react';
import {
  act,
  render,
  renderHook,
  waitFor,
  type RenderHookResult,
  type RenderResult,
} from '@testing-library/react';
import { expect } from 'vitest';

function SuspenseBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Renders UI that may suspend (on a dictionary, content or stored data) inside an async `act`, so
 * React settles what it was waiting for before the test looks.
 */
export async function renderSettled(ui: ReactElement): Promise<RenderResult> {
  let rendered: RenderResult | undefined;
  await act(async () => {
    rendered = render(<SuspenseBoundary>{ui}</SuspenseBoundary>);
  });
  if (!rendered) throw new Error('render did not run');
  return rendered;
}

/**
 * Renders a hook that may suspend and resolves once it has rendered for real; `result.current` is
 * then its latest value.
 */
export async function renderSuspendingHook<T>(
  hook: () => T,
): Promise<RenderHookResult<T, unknown>> {
  let rendered: RenderHookResult<T, unknown> | undefined;
  await act(async () => {
    rendered = renderHook(hook, { wrapper: SuspenseBoundary });
  });
  if (!rendered) throw new Error('renderHook did not run');
  const { result } = rendered;
  await waitFor(() => expect(result.current).toBeTruthy());
  return rendered;
}
