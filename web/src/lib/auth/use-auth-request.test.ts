import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { renderSuspendingHook } from '@/testing/render-settled.tsx';
import { useAuthRequest } from './use-auth-request.ts';

const client = vi.hoisted(() => ({ name: 'client' }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

describe('useAuthRequest', () => {
  beforeEach(() => toast.error.mockReset());

  it('gives the action the auth client and is pending while it runs', async () => {
    const { result } = await renderSuspendingHook(() => useAuthRequest());
    let finish: () => void = vi.fn();
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(action);
    });
    await waitFor(() => expect(result.current.pending).toBe(true));
    expect(action).toHaveBeenCalledWith(client);
    await act(async () => {
      finish();
      await running;
    });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.failure).toBeUndefined();
  });

  it('runs one request at a time: a second run meanwhile does nothing', async () => {
    const { result } = await renderSuspendingHook(() => useAuthRequest());
    let finish: () => void = vi.fn();
    const first = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = vi.fn(() => Promise.resolve());
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(first);
    });
    await waitFor(() => expect(first).toHaveBeenCalled());
    await act(() => result.current.run(second));
    await act(async () => {
      finish();
      await running;
    });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('shows a failure as the toast and as `failure`, and clears it on the next run', async () => {
    const { result } = await renderSuspendingHook(() => useAuthRequest());
    await act(() =>
      result.current.run(async () => {
        throw new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
      }),
    );
    expect(toast.error).toHaveBeenCalledWith('Chyba', result.current.failure);
    expect(result.current.failure).toEqual(expect.any(String));
    await act(() => result.current.run(() => Promise.resolve()));
    expect(result.current.failure).toBeUndefined();
  });

  it('`fail` shows a failure found before any request', async () => {
    const { result } = await renderSuspendingHook(() => useAuthRequest());
    act(() => result.current.fail('Zadej e-mail.'));
    expect(result.current.failure).toBe('Zadej e-mail.');
    expect(toast.error).toHaveBeenCalledWith('Chyba', 'Zadej e-mail.');
  });
});
