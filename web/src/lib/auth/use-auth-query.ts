import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GoTrueClient } from '@supabase/auth-js';
import { loadAuthClient } from '../auth-client.ts';
import { useAuthState } from '../auth-state.ts';
import { queryClient } from '../data/query-client.ts';
import { useAuthFailure } from './use-auth-failure.ts';

/** A read that failed, already shown as the 'Chyba' toast; `message` is the reason it gave. */
class ShownFailure extends Error {
  override name = 'ShownFailure';
}

/**
 * Something the auth server keeps for the signed-in user (their factors, their passkeys), read
 * through TanStack Query (decision 021) each time a screen showing it mounts. `loading` while it is
 * read; a failed read is the 'Chyba' toast and `failure` (for a dialog to show too) until the next
 * read. `set` changes what is shown after a change the screen made itself.
 */
export function useAuthQuery<T>(name: string, read: (client: GoTrueClient) => Promise<T>) {
  const { showError } = useAuthFailure();
  // Whose data it is belongs in the key: signing in as someone else never shows the other's copy.
  const owner = useAuthState().user?.id ?? 'signed-out';
  const queryKey = useMemo(() => ['auth', name, owner], [name, owner]);
  const { data, error, isFetching, refetch } = useQuery(
    {
      queryKey,
      queryFn: async () => {
        try {
          return await read(await loadAuthClient());
        } catch (cause) {
          throw new ShownFailure(showError(cause), { cause });
        }
      },
      // Reading asks the auth server: once per visit, not again whenever the window is focused.
      refetchOnWindowFocus: false,
    },
    queryClient,
  );

  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const set = useCallback(
    (change: (current: T | undefined) => T | undefined) =>
      queryClient.setQueryData<T>(queryKey, change),
    [queryKey],
  );
  const failure = error && !isFetching ? error.message : undefined;
  return { data, loading: isFetching, failure, reload, set };
}
