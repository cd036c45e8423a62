import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases.ts';
import { signInAtPeer, type CallbackRequest } from '../oidc-login.ts';
import { PEER_FAMILY_NAME } from '../oidc-peer.ts';
import {
  compatClient,
  fragmentOf,
  openLink,
  startCompatServer,
  UUID,
  type CompatServer,
} from './compat-server.ts';

/**
 * signInWithOAuth of the unmodified supabase-js client against the real server, the provider
 * being a real OpenID provider on loopback (GoTrue's external.go): the URL the client builds,
 * what /authorize makes of it, and the way back through /callback.
 */
describe.each(databaseKinds())('supabase-js signInWithOAuth on $name', ({ name, open }) => {
  let server: CompatServer;
  let home: string;

  beforeAll(async () => {
    server = await startCompatServer(open);
    home = `${server.siteUrl}/`;
  });
  afterAll(() => server?.close());

  /** The browser's request back at our /callback, made over HTTP: where it is sent next. */
  async function returnTo(request: CallbackRequest): Promise<URL> {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: request.form?.toString(),
    });
    await response.body?.cancel();
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? 'missing:');
  }

  /** Follows the client's URL to the provider, signs in there, and comes back. */
  async function roundTrip(url: string, login: string): Promise<URL> {
    const start = await openLink(url);
    expect(start.status).toBe(302);
    expect(start.location.origin).toBe(server.peer.issuer);
    return returnTo(await signInAtPeer(start.location.href, { login }));
  }

  it('implicit: the URL has no PKCE pair, and the session comes back in the fragment', async () => {
    const client = compatClient(server, { storageKey: `oauth-implicit-${name}` });
    const { data, error } = await client.supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: home,
        skipBrowserRedirect: true,
        queryParams: { prompt: 'consent', access_type: 'offline' },
      },
    });
    expect(error).toBeNull();
    expect(data.provider).toBe('google');
    const url = new URL(data.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${server.siteUrl}/auth/v1/authorize`);
    // (auth-js 2.119.1 does not add the `skip_http_redirect` the contract mentions.)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      redirect_to: home,
      prompt: 'consent',
      access_type: 'offline',
    });
    expect(client.requests).toEqual([]);

    const start = await openLink(url.href);
    expect(start.location.searchParams.get('prompt')).toBe('consent');
    expect(start.location.searchParams.get('access_type')).toBe('offline');
    const landing = await roundTrip(url.href, `implicit-${name}`);
    expect(`${landing.origin}${landing.pathname}`).toBe(home);
    const params = fragmentOf(landing);
    const { data: user } = await client.supabase.auth.getUser(params.get('access_token') ?? '');
    expect(user.user).toMatchObject({
      email: `implicit-${name}@example.cz`,
      app_metadata: { provider: 'google', providers: ['google'] },
    });
    const { data: set, error: setError } = await client.supabase.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(setError).toBeNull();
    expect(set.session?.user.email).toBe(`implicit-${name}@example.cz`);
  });

  it('PKCE: the URL carries the s256 challenge; ?code= is exchanged for the session', async () => {
    const client = compatClient(server, { storageKey: `oauth-pkce-${name}`, flowType: 'pkce' });
    const { data, error } = await client.supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${home}?from=oauth`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const url = new URL(data.url ?? '');
    expect(url.searchParams.get('code_challenge_method')).toBe('s256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect([...client.storage.keys()].some((key) => key.endsWith('-code-verifier'))).toBe(true);

    const landing = await roundTrip(url.href, `pkce-${name}`);
    expect(landing.hash).toBe('');
    expect(landing.searchParams.get('from')).toBe('oauth');
    const code = landing.searchParams.get('code') ?? '';
    expect(code).toMatch(UUID);

    const exchanged = await client.supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user).toMatchObject({
      email: `pkce-${name}@example.cz`,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: `pkce-${name} ${PEER_FAMILY_NAME}` },
    });
    expect(decodeJwt(exchanged.data.session?.access_token ?? '').amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) },
    ]);
    expect(client.requests).toContain('POST /auth/v1/token');
    expect((await client.supabase.auth.getSession()).data.session?.user.email).toBe(
      `pkce-${name}@example.cz`,
    );
  });

  it('Apple over HTTP: the form_post reaches /callback and signs in', async () => {
    const client = compatClient(server, { storageKey: `oauth-apple-${name}` });
    const { data } = await client.supabase.auth.signInWithOAuth({
      provider: 'apple',
      options: { redirectTo: home, skipBrowserRedirect: true },
    });
    const start = await openLink(data.url ?? '');
    expect(start.location.searchParams.get('response_mode')).toBe('form_post');
    const request = await signInAtPeer(start.location.href, { login: `apple-${name}` });
    expect(request.method).toBe('POST');
    const landing = await returnTo(request);
    const { data: user } = await client.supabase.auth.getUser(
      fragmentOf(landing).get('access_token') ?? '',
    );
    expect(user.user).toMatchObject({
      email: `apple-${name}@example.cz`,
      user_metadata: { full_name: `apple-${name} ${PEER_FAMILY_NAME}` },
    });
  });
});
