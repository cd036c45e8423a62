import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  AuthOAuthAuthorizationDetailsResponse,
  OAuthAuthorizationDetails,
} from '@supabase/auth-js';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { isLeavingAddress } from './app-address.ts';

export type Decision = 'approve' | 'deny';

/** Leaves the app for the OAuth client (a full navigation: it is another site). */
export const leaveTo = (url: string) => window.location.assign(url);

/**
 * One details request per authorization at a time. Reading an authorization is not idempotent on
 * GoTrue: the first read binds it to the user and may approve it at once (consent given before), so
 * a second read (React's StrictMode runs effects twice) would find it no longer pending.
 */
const inFlight = new Map<string, Promise<AuthOAuthAuthorizationDetailsResponse>>();

function readDetails(authorizationId: string): Promise<AuthOAuthAuthorizationDetailsResponse> {
  let request = inFlight.get(authorizationId);
  if (!request) {
    request = loadAuthClient()
      .then((client) => client.oauth.getAuthorizationDetails(authorizationId))
      .finally(() => inFlight.delete(authorizationId));
    inFlight.set(authorizationId, request);
  }
  return request;
}

/** An answer without an address to go back to: told as the app's "something went wrong". */
class UnusableRedirect extends Error {
  override name = 'UnusableRedirect';
  readonly code = 'unexpected_failure';
}

/** The address the server sent the user back with, refusing anything that would not leave. */
function redirectOf(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? Reflect.get(data, 'redirect_url') : null;
  if (!isLeavingAddress(url)) throw new UnusableRedirect('No usable redirect_url');
  return url;
}

type Loaded =
  { kind: 'details'; details: OAuthAuthorizationDetails } | { kind: 'failed'; error: unknown };

/**
 * An OAuth authorization waiting for the user's answer: its details (or, when the user consented
 * to the same scopes before, straight back to the app), then approving or denying it, which
 * sends the browser back to the app with a code or with `access_denied`.
 */
export function useAuthorization(authorizationId: string, go: (url: string) => void) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded & { attempt: number }>();
  const [deciding, setDeciding] = useState<Decision>();
  const [decisionError, setDecisionError] = useState<unknown>();
  const [leaving, setLeaving] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    readDetails(authorizationId)
      .then(({ data, error }) => {
        if (error) throw error;
        if (!current) return;
        if ('authorization_id' in data) setLoaded({ kind: 'details', details: data, attempt });
        else {
          const url = redirectOf(data);
          setLeaving(true);
          go(url);
        }
      })
      .catch((error: unknown) => {
        if (current) setLoaded({ kind: 'failed', error, attempt });
      });
    return () => {
      current = false;
    };
  }, [authorizationId, attempt, go]);

  const decide = useCallback(
    async (decision: Decision) => {
      if (busy.current) return;
      busy.current = true;
      setDeciding(decision);
      setDecisionError(undefined);
      try {
        const client = await loadAuthClient();
        // skipBrowserRedirect: the page leaves itself, after showing that it does.
        const options = { skipBrowserRedirect: true };
        const { data, error } =
          decision === 'approve'
            ? await client.oauth.approveAuthorization(authorizationId, options)
            : await client.oauth.denyAuthorization(authorizationId, options);
        if (error) throw error;
        const url = redirectOf(data);
        setLeaving(true);
        go(url);
      } catch (error) {
        setDecisionError(error);
        busy.current = false;
      } finally {
        setDeciding(undefined);
      }
    },
    [authorizationId, go],
  );

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = loaded?.attempt === attempt ? loaded : undefined;
  return { loaded: current, deciding, decisionError, leaving, decide, retry };
}
