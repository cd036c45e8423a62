import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { renderSuspendingHook } from '@/testing/render-settled.tsx';
import { useAuthQuery } from './use-auth-query.ts';

const client = vi.hoisted(() => ({ name: 'client' }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));

vi.mock('@/lib/auth-client.ts', () => ({ loadAuthClient: async () => client }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

describe('useAuthQuery', () => {
  beforeEach(() => toast.error.mockReset());

  it('reads with the auth client, loading until it has the answer', async () => {
    const read = vi.fn(() => Promise.resolve(['a']));
    const { result } = await renderSuspendingHook(() => useAuthQuery('things', read));
    await waitFor(() => expect(result.current.data).toEqual(['a']));
    expect(read).toHaveBeenCalledWith(client);
    expect(result.current.loading).toBe(false);
    act(() => result.current.set((current) => [...(current ?? []), 'b']));
    await waitFor(() => expect(result.current.data).toEqual(['a', 'b']));
  });

  it('shows a failed read as the toast and as `failure`, and reads again on reload', async () => {
    const read = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new AuthApiError('down', 503, 'unexpected_failure'))
      .mockResolvedValueOnce(['a']);
    const { result } = await renderSuspendingHook(() => useAuthQuery('things', read));
    await waitFor(() => expect(result.current.failure).toEqual(expect.any(String)));
    expect(toast.error).toHaveBeenCalledWith('Chyba', result.current.failure);
    expect(result.current.data).toBeUndefined();
    await act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['a']));
    expect(result.current.failure).toBeUndefined();
  });
});
