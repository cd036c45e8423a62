import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/auth-js';
import { storageKeys } from '@partak/domain/product';
import { accessToken } from '@/testing/access-token.ts';

const constructed: Record<string, unknown>[] = [];

vi.mock('@supabase/auth-js', () => ({
  GoTrueClient: class {
    constructor(options: Record<string, unknown>) {
      constructed.push(options);
    }
    onAuthStateChange() {
      return { data: { subscription: { unsubscribe: () => undefined } } };
    }
  },
}));

const session = (email: string) =>
  ({
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: `id-${email}`, email, app_metadata: { provider: 'email' } },
  }) as unknown as Session;

const configAnswer = () =>
  new Response(JSON.stringify({ authUrl: '/auth/v1', anonKey: 'sb_publishable_test' }));

/** Fresh modules per test: the client and the store are one per page. */
async function load() {
  vi.resetModules();
  const client = await import('./auth-client.ts');
  const state = await import('./auth-state.ts');
  return { ...client, ...state };
}

describe('the auth client', () => {
  beforeEach(() => {
    constructed.length = 0;
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it('is created once, with the server’s settings and our storage key', async () => {
    const fetch = vi.fn(async () => configAnswer());
    vi.stubGlobal('fetch', fetch);
    const { loadAuthClient } = await load();
    const [first, second] = await Promise.all([loadAuthClient(), loadAuthClient()]);
    expect(first).toBe(second);
    expect(fetch).toHaveBeenCalledWith('/api/v1/config');
    expect(constructed).toHaveLength(1);
    expect(constructed[0]).toMatchObject({
      url: `${window.location.origin}/auth/v1`,
      headers: { apikey: 'sb_publishable_test' },
      storageKey: storageKeys.auth,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'implicit',
    });
  });

  it('reports an unreachable server as a network failure and tries again next time', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValue(configAnswer()),
    );
    const { loadAuthClient } = await load();
    await expect(loadAuthClient()).rejects.toMatchObject({
      name: 'AuthRetryableFetchError',
      status: 0,
    });
    await expect(loadAuthClient()).resolves.toBeDefined();
  });

  it('keeps what an email link left in the URL for the page to act on, once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => configAnswer()),
    );
    window.location.hash = '#access_token=a&expires_in=3600&refresh_token=r&type=signup&sb=';
    const { loadAuthClient, takeAuthLanding } = await load();
    await loadAuthClient();
    expect(takeAuthLanding()).toEqual({ type: 'signup', errorCode: null, errorDescription: null });
    expect(takeAuthLanding()).toBeUndefined();
  });

  it('reads a link error from the fragment', async () => {
    const { readLanding } = await load();
    expect(
      readLanding('#error=access_denied&error_code=otp_expired&error_description=Link+expired'),
    ).toEqual({ type: null, errorCode: 'otp_expired', errorDescription: 'Link expired' });
    expect(readLanding('#main')).toBeUndefined();
  });
});

describe('auth events', () => {
  beforeEach(() => localStorage.clear());

  it('sign the store in and out', async () => {
    const { followAuthEvent, getAuthState } = await load();
    followAuthEvent('SIGNED_IN', session('jana@example.cz'));
    expect(getAuthState().user?.email).toBe('jana@example.cz');
    followAuthEvent('USER_UPDATED', session('jana.nova@example.cz'));
    expect(getAuthState().user?.email).toBe('jana.nova@example.cz');
    followAuthEvent('SIGNED_OUT', null);
    expect(getAuthState().status).toBe('signedOut');
  });

  it('hold an aal1 sign-in of an account with a verified factor until MFA_CHALLENGE_VERIFIED', async () => {
    const { followAuthEvent, getAuthState } = await load();
    const factors = [{ id: 'f-1', factor_type: 'totp', status: 'verified' }];
    const at = (aal: string) =>
      ({
        ...session('ema@example.cz'),
        access_token: accessToken({ aal }),
        user: { ...session('ema@example.cz').user, factors },
      }) as unknown as Session;
    followAuthEvent('SIGNED_IN', at('aal1'));
    expect(getAuthState().status).toBe('needsSecondFactor');
    followAuthEvent('MFA_CHALLENGE_VERIFIED', at('aal2'));
    expect(getAuthState()).toMatchObject({ status: 'signedIn', user: { email: 'ema@example.cz' } });
  });

  it('keep a stored session when the first refresh failed for now', async () => {
    localStorage.setItem(storageKeys.auth, JSON.stringify(session('ota@example.cz')));
    const { followAuthEvent, getAuthState } = await load();
    followAuthEvent('INITIAL_SESSION', null);
    expect(getAuthState().user?.email).toBe('ota@example.cz');
  });

  it('ask for a new password once after a reset link', async () => {
    const { followAuthEvent, onPasswordRecovery, takePasswordRecovery } = await load();
    const listener = vi.fn();
    onPasswordRecovery(listener);
    followAuthEvent('PASSWORD_RECOVERY', session('eva@example.cz'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(takePasswordRecovery()).toBe(true);
    expect(takePasswordRecovery()).toBe(false);
  });
});
