import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OAuthAuthorizationDetails } from '@supabase/auth-js';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { isLeavingAddress } from './app-address.ts';

export type Decision = 'approve' | 'deny';

/** Leaves the app for the OAuth client (a full navigation: it is another site). */
export const leaveTo = (url: string) => window.location.assign(url);

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

/** What a read found: the details to ask about, or where to go back to at once. */
type Read =
  { kind: 'details'; details: OAuthAuthorizationDetails } | { kind: 'leave'; url: string };

type Loaded =
  { kind: 'details'; details: OAuthAuthorizationDetails } | { kind: 'failed'; error: unknown };

/**
 * An authorization's details, or (consent given before) the address to go back with at once.
 * Reading one is not idempotent on GoTrue: the first read binds it to the user and may approve it,
 * so a second read would find it no longer pending. It is read once (never stale, not again on
 * focus; React's StrictMode mounting twice shares the one request), and again only on retry.
 */
async function readAuthorization(authorizationId: string): Promise<Read> {
  const client = await loadAuthClient();
  const { data, error } = await client.oauth.getAuthorizationDetails(authorizationId);
  if (error) throw error;
  if ('authorization_id' in data) return { kind: 'details', details: data };
  return { kind: 'leave', url: redirectOf(data) };
}

/** Approves or denies the authorization; resolves to the address to go back to the app with. */
async function answer(authorizationId: string, decision: Decision): Promise<string> {
  const client = await loadAuthClient();
  // skipBrowserRedirect: the page leaves itself, after showing that it does.
  const options = { skipBrowserRedirect: true };
  const { data, error } =
    decision === 'approve'
      ? await client.oauth.approveAuthorization(authorizationId, options)
      : await client.oauth.denyAuthorization(authorizationId, options);
  if (error) throw error;
  return redirectOf(data);
}

/** The authorization's details (a read on its way, a retry too, is none yet), going back at once. */
function useAuthorizationDetails(authorizationId: string, go: (url: string) => void) {
  const read = useQuery(
    {
      queryKey: ['auth', 'oauth-authorization', authorizationId],
      queryFn: () => readAuthorization(authorizationId),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  const leaveAt = read.data?.kind === 'leave' ? read.data.url : undefined;
  useEffect(() => {
    if (leaveAt !== undefined) go(leaveAt);
  }, [leaveAt, go]);

  const { refetch } = read;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loaded: Loaded | undefined = read.isFetching
    ? undefined
    : read.isError
      ? { kind: 'failed', error: read.error }
      : read.data?.kind === 'details'
        ? read.data
        : undefined;
  return { loaded, leaving: leaveAt !== undefined, retry };
}

/**
 * An OAuth authorization waiting for the user's answer: its details (or, when the user consented
 * to the same scopes before, straight back to the app), then approving or denying it, which
 * sends the browser back to the app with a code or with `access_denied`.
 */
export function useAuthorization(authorizationId: string, go: (url: string) => void) {
  const { loaded, leaving, retry } = useAuthorizationDetails(authorizationId, go);
  const decision = useMutation(
    { mutationFn: (chosen: Decision) => answer(authorizationId, chosen) },
    queryClient,
  );
  const [decided, setDecided] = useState(false);
  // After an answer the page is leaving: no second one (nor a double click before the first shows).
  const busy = useRef(false);

  const { mutateAsync } = decision;
  const decide = useCallback(
    async (chosen: Decision) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const url = await mutateAsync(chosen);
        setDecided(true);
        go(url);
      } catch {
        // Shown as `decisionError`; the user may answer again.
        busy.current = false;
      }
    },
    [mutateAsync, go],
  );

  return {
    loaded,
    deciding: decision.isPending ? decision.variables : undefined,
    decisionError: decision.error ?? undefined,
    leaving: decided || leaving,
    decide,
    retry,
  };
}
