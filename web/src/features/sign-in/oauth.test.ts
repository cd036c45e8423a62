import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoTrueClient } from '@supabase/auth-js';
import { startOAuth } from './oauth.ts';

const AUTHORIZE = 'http://localhost/auth/v1/authorize?provider=google';

const client = {
  signInWithOAuth: vi.fn(async () => ({
    data: { provider: 'google', url: AUTHORIZE },
    error: null,
  })),
} as unknown as GoTrueClient;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('startOAuth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks auth-js for the URL only, back to this site', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { error_code: 'provider_disabled' })),
    );
    await startOAuth(client, 'google', vi.fn()).catch(() => undefined);
    expect(client.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: window.location.origin, skipBrowserRedirect: true },
    });
    expect(fetch).toHaveBeenCalledWith(AUTHORIZE, { redirect: 'manual' });
  });

  it('goes to the provider when the server redirects', async () => {
    const redirect = { type: 'opaqueredirect', ok: false, status: 0 } as Response;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => redirect),
    );
    const go = vi.fn();
    await startOAuth(client, 'google', go);
    expect(go).toHaveBeenCalledWith(AUTHORIZE);
  });

  it('reads a refusal in either error shape', async () => {
    const legacy = { code: 400, error_code: 'provider_disabled', msg: 'Unsupported provider' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, legacy)),
    );
    await expect(startOAuth(client, 'apple', vi.fn())).rejects.toMatchObject({
      code: 'provider_disabled',
      message: 'Unsupported provider',
    });
    const current = { code: 'provider_disabled', message: 'Provider is not enabled' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, current)),
    );
    await expect(startOAuth(client, 'apple', vi.fn())).rejects.toMatchObject({
      code: 'provider_disabled',
      message: 'Provider is not enabled',
    });
  });

  it('treats GoTrue’s “unsupported provider” validation error as a disabled provider', async () => {
    const gotrue = { code: 400, error_code: 'validation_failed', msg: 'Unsupported provider' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, gotrue)),
    );
    await expect(startOAuth(client, 'google', vi.fn())).rejects.toMatchObject({
      code: 'provider_disabled',
    });
  });

  it('reports no connection when the request fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(startOAuth(client, 'google', vi.fn())).rejects.toMatchObject({ code: 'network' });
  });
});
