import { useCallback, useRef, useState } from 'react';
import type { GoTrueClient } from '@supabase/auth-js';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { useAuthFailure } from './use-auth-failure.ts';

/**
 * Runs one auth request at a time: `pending` is true while it runs (forms disable their buttons
 * meanwhile). A failure becomes the 'Chyba' toast and `failure`, which the open dialog shows too:
 * a toast sits behind a modal dialog, inert, where screen readers do not announce it.
 */
export function useSingleRequest() {
  const { show, showError } = useAuthFailure();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const busy = useRef(false);

  const run = useCallback(
    async (action: (client: GoTrueClient) => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      setFailure(undefined);
      try {
        await action(await loadAuthClient());
      } catch (error) {
        setFailure(showError(error));
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [showError],
  );
  /** A failure found before any request (e.g. a missing field). */
  const fail = useCallback((message: string) => setFailure(show(message)), [show]);

  return { pending, failure, run, fail };
}
