import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import type { ClientConfig } from '@partak/domain/api/config';
import { storageKeys } from '@partak/domain/product';
import { readStoredState, setAuthState, setAuthUser, stateFromSession } from './auth-state.ts';
import { readString, removeKey, writeString } from './storage.ts';

/**
 * The one auth client (@supabase/auth-js) of the app, loaded on demand: its code and the server's
 * public settings arrive together the first time something needs them, after the first paint.
 * Import this module only from lazily loaded code, never from the first bundle.
 */

/** What an email link left in the URL fragment, read before the client consumes it. */
export interface AuthLanding {
  /** `signup` or `recovery` when the link signed the user in. */
  type: string | null;
  errorCode: string | null;
  errorDescription: string | null;
}

/**
 * Thrown when the server's auth settings cannot be fetched; named like auth-js's own network
 * failure, so one error mapping covers both (see error-message.ts).
 */
class AuthConfigError extends Error {
  override name = 'AuthRetryableFetchError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

let client: Promise<GoTrueClient> | undefined;
let landing: AuthLanding | undefined;
let recoveryPending = false;
const recoveryListeners = new Set<() => void>();

/** The auth client, created once; a failed load is forgotten so the next call tries again. */
export function loadAuthClient(): Promise<GoTrueClient> {
  client ??= createClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

async function fetchConfig(): Promise<ClientConfig> {
  const response = await fetch('/api/v1/config').catch((error: unknown) => {
    throw new AuthConfigError(String(error), 0);
  });
  if (!response.ok)
    throw new AuthConfigError(`/api/v1/config: ${response.status}`, response.status);
  return (await response.json()) as ClientConfig;
}

async function createClient(): Promise<GoTrueClient> {
  const [{ GoTrueClient }, config] = await Promise.all([
    import('@supabase/auth-js'),
    fetchConfig(),
  ]);
  landing = readLanding(window.location.hash);
  const created = new GoTrueClient({
    url: new URL(config.authUrl, window.location.origin).href.replace(/\/+$/, ''),
    headers: { apikey: config.anonKey },
    storageKey: storageKeys.auth,
    // The session is kept where all browser storage goes: through storage.ts, which never throws
    // on a full or blocked storage.
    storage: {
      getItem: (key) => readString(key),
      setItem: (key, value) => void writeString(key, value),
      removeItem: (key) => removeKey(key),
    },
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    fetch: fetchWarningOnRefreshFailure,
  });
  created.onAuthStateChange(followAuthEvent);
  return created;
}

export function readLanding(hash: string): AuthLanding | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('access_token') && !params.has('error_code') && !params.has('error')) {
    return undefined;
  }
  return {
    type: params.get('type'),
    errorCode: params.get('error_code'),
    errorDescription: params.get('error_description'),
  };
}

/** The email link's result found when the client started, handed out once. */
export function takeAuthLanding(): AuthLanding | undefined {
  const taken = landing;
  landing = undefined;
  return taken;
}

/**
 * Keeps the store in step with the client. Every event with a session says how far it signs in:
 * SIGNED_IN at aal1 for an account with a verified factor waits for its second factor, and
 * MFA_CHALLENGE_VERIFIED (the aal2 session) completes the sign-in at once.
 */
export function followAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  if (event === 'PASSWORD_RECOVERY') {
    recoveryPending = true;
    for (const listener of recoveryListeners) listener();
  }
  if (session) setAuthState(stateFromSession(session));
  else if (event === 'SIGNED_OUT') setAuthUser(undefined);
  // No session in INITIAL_SESSION can be a refresh that failed for now (offline): the session is
  // then still stored and still valid to retry, so storage has the last word.
  else setAuthState(readStoredState());
}

/** Calls `listener` when a password-reset link has signed the user in (PASSWORD_RECOVERY). */
export function onPasswordRecovery(listener: () => void): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

/** True once per PASSWORD_RECOVERY: the caller now asks for the new password. */
export function takePasswordRecovery(): boolean {
  const pending = recoveryPending;
  recoveryPending = false;
  return pending;
}

/**
 * The client's fetch. A token refresh that fails for a transient reason (no network, 5xx) is
 * retried by auth-js and the session is kept; it is only worth a warning (see
 * docs/product.md#failures-and-messages).
 */
async function fetchWarningOnRefreshFailure(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const refresh = url.includes('grant_type=refresh_token');
  try {
    const response = await fetch(input, init);
    if (refresh && response.status >= 500) {
      console.warn(`Token refresh failed for now (HTTP ${response.status}); retrying.`);
    }
    return response;
  } catch (error) {
    if (refresh) console.warn('Token refresh failed for now (network); retrying.', error);
    throw error;
  }
}
