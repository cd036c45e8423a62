import { useSyncExternalStore } from 'react';
import { storageKeys } from '@partak/domain/product';
import { readString } from './storage.ts';

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

export type AuthState =
  { status: 'signedIn'; user: AuthUser } | { status: 'signedOut'; user: null };

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

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

/** The user of the session persisted in this browser, read synchronously (no flash on load). */
export function readStoredUser(): AuthUser | undefined {
  const raw = readString(storageKeys.auth);
  if (raw === null) return undefined;
  try {
    return userFromSession(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

let state: AuthState = toState(readStoredUser());
const listeners = new Set<() => void>();

function toState(user: AuthUser | undefined): AuthState {
  return user ? { status: 'signedIn', user } : SIGNED_OUT;
}

const sameUser = (a: AuthUser | null, b: AuthUser | undefined) =>
  a?.id === b?.id && a?.email === b?.email && a?.provider === b?.provider;

export function getAuthState(): AuthState {
  return state;
}

/** Sets who is signed in (undefined: nobody); subscribers hear of real changes only. */
export function setAuthUser(user: AuthUser | undefined): void {
  if (sameUser(state.user, user)) return;
  state = toState(user);
  for (const listener of listeners) listener();
}

export function subscribeAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState);
}

/**
 * Whether the auth client is needed as soon as the page is up: a session to keep fresh, or an
 * email link's result (session or error) waiting in the URL fragment.
 */
export function authClientNeededAtStart(): boolean {
  return state.status === 'signedIn' || /(?:^#|&)(?:access_token|error_code)=/.test(location.hash);
}

// Another tab signing in or out changes the stored session; follow it even before the client loads.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.auth || event.key === null) setAuthUser(readStoredUser());
  });
}
