import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { GoTrueClient } from '@supabase/auth-js';
import { loadAuthClient } from '../auth-client.ts';
import { queryClient } from '../data/query-client.ts';
import { useAuthFailure } from './use-auth-failure.ts';

/** One step against the auth server, given the loaded client. */
export type AuthAction = (client: GoTrueClient) => Promise<void>;

const perform = async (action: AuthAction) => action(await loadAuthClient());

/**
 * Runs one auth request at a time (a TanStack Query mutation, decision 021): `pending` is true while
 * it runs (forms disable their buttons meanwhile) and a second `run` meanwhile does nothing. A
 * failure becomes the 'Chyba' toast and `failure`, which the open dialog shows too: a toast sits
 * behind a modal dialog, inert, where screen readers do not announce it.
 */
export function useAuthRequest() {
  const { show, showError } = useAuthFailure();
  const { mutateAsync, isPending } = useMutation({ mutationFn: perform }, queryClient);
  const [failure, setFailure] = useState<string>();
  // The mutation's own state reaches the screen a tick later; a double click must not wait for it.
  const busy = useRef(false);

  const run = useCallback(
    async (action: AuthAction) => {
      if (busy.current) return;
      busy.current = true;
      setFailure(undefined);
      try {
        await mutateAsync(action);
      } catch (error) {
        setFailure(showError(error));
      } finally {
        busy.current = false;
      }
    },
    [mutateAsync, showError],
  );
  /** A failure found before any request (e.g. a missing field). */
  const fail = useCallback((message: string) => setFailure(show(message)), [show]);

  return { pending: isPending, failure, run, fail };
}

export type AuthRequest = ReturnType<typeof useAuthRequest>;
