import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { accessToken as token } from '@/testing/access-token.ts';

/** A session as auth-js persists it (only the fields the store reads matter). */
const storedSession = (user: Record<string, unknown>, accessToken = 'header.payload.signature') =>
  JSON.stringify({
    access_token: accessToken,
    refresh_token: 'r3fr3sh',
    expires_at: 4_000_000_000,
    expires_in: 3600,
    token_type: 'bearer',
    user,
  });

/** The store reads storage when its module loads, so each test loads a fresh copy. */
const loadStore = async () => {
  vi.resetModules();
  return import('./auth-state.ts');
};

describe('auth state', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    window.location.hash = '';
  });

  it('starts signed in, synchronously, from a session stored in this browser', async () => {
    localStorage.setItem(
      storageKeys.auth,
      storedSession({ id: 'u-1', email: 'jana@example.cz', app_metadata: { provider: 'google' } }),
    );
    const { getAuthState, authClientNeededAtStart } = await loadStore();
    expect(getAuthState()).toEqual({
      status: 'signedIn',
      user: { id: 'u-1', email: 'jana@example.cz', provider: 'google' },
    });
    expect(authClientNeededAtStart()).toBe(true);
  });

  it('names the email provider when the session does not say', async () => {
    localStorage.setItem(storageKeys.auth, storedSession({ id: 'u-2', email: 'petr@example.cz' }));
    const { getAuthState } = await loadStore();
    expect(getAuthState().user?.provider).toBe('email');
  });

  it('starts signed out with nothing or nothing readable stored', async () => {
    expect((await loadStore()).getAuthState()).toEqual({ status: 'signedOut', user: null });
    localStorage.setItem(storageKeys.auth, '{not json');
    expect((await loadStore()).getAuthState().status).toBe('signedOut');
    localStorage.setItem(storageKeys.auth, JSON.stringify({ user: { id: 'no-tokens' } }));
    expect((await loadStore()).getAuthState().status).toBe('signedOut');
  });

  it('tells subscribers about real changes only', async () => {
    const { setAuthUser, subscribeAuthState, getAuthState } = await loadStore();
    const listener = vi.fn();
    const stop = subscribeAuthState(listener);
    const user = { id: 'u-3', email: 'eva@example.cz', provider: 'email' };
    setAuthUser(user);
    setAuthUser({ ...user });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getAuthState().status).toBe('signedIn');
    setAuthUser(undefined);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('follows another tab signing in', async () => {
    const { getAuthState } = await loadStore();
    localStorage.setItem(storageKeys.auth, storedSession({ id: 'u-4', email: 'ota@example.cz' }));
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.auth }));
    expect(getAuthState().user?.email).toBe('ota@example.cz');
  });

  it('waits for the second factor of an account with a verified one, until aal2', async () => {
    const factors = [{ id: 'f-1', factor_type: 'totp', status: 'verified' }];
    const user = { id: 'u-5', email: 'ema@example.cz', factors };
    localStorage.setItem(storageKeys.auth, storedSession(user, token({ aal: 'aal1' })));
    const store = await loadStore();
    expect(store.getAuthState()).toEqual({
      status: 'needsSecondFactor',
      user: { id: 'u-5', email: 'ema@example.cz', provider: 'email' },
    });
    // A returning visitor at this step is asked again: the client starts with the page.
    expect(store.authClientNeededAtStart()).toBe(true);

    const listener = vi.fn();
    store.subscribeAuthState(listener);
    store.setAuthState(
      store.stateFromSession(JSON.parse(storedSession(user, token({ aal: 'aal2' })))),
    );
    expect(store.getAuthState().status).toBe('signedIn');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('counts only verified factors, and reads the token’s aal claim safely', async () => {
    const { sessionNeedsSecondFactor } = await loadStore();
    const session = (status: string, accessToken: string) => ({
      access_token: accessToken,
      user: { factors: [{ factor_type: 'phone', status }] },
    });
    expect(sessionNeedsSecondFactor(session('unverified', token({ aal: 'aal1' })))).toBe(false);
    expect(sessionNeedsSecondFactor(session('verified', token({ aal: 'aal1' })))).toBe(true);
    expect(sessionNeedsSecondFactor(session('verified', token({ aal: 'aal2' })))).toBe(false);
    // An unreadable token proves nothing: the factor is still owed.
    expect(sessionNeedsSecondFactor(session('verified', 'not-a-jwt'))).toBe(true);
    expect(sessionNeedsSecondFactor({ access_token: 'x', user: {} })).toBe(false);
    // Non-ASCII claims (an email with diacritics) decode as UTF-8.
    const claims = token({ aal: 'aal2', email: 'žluťoučký@example.cz' });
    expect(sessionNeedsSecondFactor(session('verified', claims))).toBe(false);
  });

  it('wants the auth client at start for an email link’s result in the URL', async () => {
    const { authClientNeededAtStart } = await loadStore();
    expect(authClientNeededAtStart()).toBe(false);
    window.location.hash = '#access_token=a&expires_in=3600&refresh_token=r&type=signup';
    expect(authClientNeededAtStart()).toBe(true);
    window.location.hash = '#error=access_denied&error_code=otp_expired';
    expect(authClientNeededAtStart()).toBe(true);
  });
});
