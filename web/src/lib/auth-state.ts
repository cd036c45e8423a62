import { useSyncExternalStore } from 'react';
import { storageKeys } from '@partak/domain/product';
import { onStorageChange, readString } from './storage.ts';

/**
 * Who is signed in, for every screen. This part is always loaded and tiny: the auth client itself
 * (@supabase/auth-js, see auth-client.ts) loads later and keeps this store up to date.
 */
export interface AuthUser {
  id: string;
  email: string;
  /** How the account signs in: `email`, `google`, `apple` (the user's app_metadata.provider). */
  provider: string;
}

/**
 * `needsSecondFactor`: the password (or a link) was right, but the account has a verified second
 * factor and this session is still at aal1. Until the factor is answered the user does not count
 * as signed in: the menu and the profile offer to finish signing in instead.
 */
export type AuthState =
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'needsSecondFactor'; user: AuthUser }
  | { status: 'signedOut'; user: null };

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/** The `aal` claim of an access token, read without checking it (the server does that). */
function tokenAal(token: unknown): unknown {
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return undefined;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return record(JSON.parse(new TextDecoder().decode(bytes)))?.aal;
  } catch {
    return undefined;
  }
}

/**
 * What auth-js's getAuthenticatorAssuranceLevel() says as `nextLevel: 'aal2'` while
 * `currentLevel` is not: a verified factor on the session's user, and no `aal2` in its token.
 */
export function sessionNeedsSecondFactor(session: unknown): boolean {
  const factors = record(record(session)?.user)?.factors;
  const verified =
    Array.isArray(factors) && factors.some((factor) => record(factor)?.status === 'verified');
  return verified && tokenAal(record(session)?.access_token) !== 'aal2';
}

/** The user of a session as auth-js stores and emits it; undefined for anything else. */
export function userFromSession(session: unknown): AuthUser | undefined {
  const user = record(record(session)?.user);
  if (typeof user?.id !== 'string' || typeof record(session)?.refresh_token !== 'string') {
    return undefined;
  }
  const provider = record(user.app_metadata)?.provider;
  return {
    id: user.id,
    email: typeof user.email === 'string' ? user.email : '',
    provider: typeof provider === 'string' && provider ? provider : 'email',
  };
}

/** Who a session (as auth-js stores and emits it) signs in, and how far. */
export function stateFromSession(session: unknown): AuthState {
  const user = userFromSession(session);
  if (!user) return SIGNED_OUT;
  return { status: sessionNeedsSecondFactor(session) ? 'needsSecondFactor' : 'signedIn', user };
}

/** The state of the session persisted in this browser, read synchronously (no flash on load). */
export function readStoredState(): AuthState {
  const raw = readString(storageKeys.auth);
  if (raw === null) return SIGNED_OUT;
  try {
    return stateFromSession(JSON.parse(raw));
  } catch {
    return SIGNED_OUT;
  }
}

let state: AuthState = readStoredState();
const listeners = new Set<() => void>();

const sameState = (a: AuthState, b: AuthState) =>
  a.status === b.status &&
  a.user?.id === b.user?.id &&
  a.user?.email === b.user?.email &&
  a.user?.provider === b.user?.provider;

export function getAuthState(): AuthState {
  return state;
}

/** Sets the auth state; subscribers hear of real changes only. */
export function setAuthState(next: AuthState): void {
  if (sameState(state, next)) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Sets who is fully signed in (undefined: nobody). */
export function setAuthUser(user: AuthUser | undefined): void {
  setAuthState(user ? { status: 'signedIn', user } : SIGNED_OUT);
}

export function subscribeAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Prerendered pages are signed out (a first-time visitor's view); hydrating one starts from that
 * and then shows the stored session.
 */
const prerenderedState = (): AuthState => SIGNED_OUT;

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, prerenderedState);
}

/**
 * Whether the auth client is needed as soon as the page is up: a session to keep fresh (or to
 * finish with its second factor), or an email link's result waiting in the URL fragment.
 */
export function authClientNeededAtStart(): boolean {
  if (state.status !== 'signedOut') return true;
  return (
    typeof location !== 'undefined' && /(?:^#|&)(?:access_token|error_code)=/.test(location.hash)
  );
}

// Another tab signing in or out changes the stored session; follow it even before the client loads.
if (typeof window !== 'undefined') {
  onStorageChange(storageKeys.auth, () => setAuthState(readStoredState()));
}
