import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowStates, users } from '../../db/schema/index.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { signInAtPeer } from '../../../test/oidc-login.ts';
import { startOidcPeer, type OidcPeer } from '../../../test/oidc-peer.ts';
import {
  authorize,
  callback,
  fragmentOf,
  oauthSignIn,
  peerClients,
  providersFor,
} from '../../../test/oauth-helpers.ts';

const SITE = 'http://localhost:8080';

let peer: OidcPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startOidcPeer({ clients: peerClients(SITE) });
  t = await buildTestApp({ siteUrl: SITE, providers: providersFor(peer.issuer, SITE) });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

/** The error triplet, in the query and (with `sb`) in the fragment alike. */
function expectTriplet(landing: URL, error: string, code: string): void {
  const fragment = fragmentOf(landing);
  expect(fragment.get('sb')).toBe('');
  for (const params of [landing.searchParams, fragment]) {
    expect(params.get('error')).toBe(error);
    expect(params.get('error_code')).toBe(code);
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('access_token')).toBeNull();
  }
}

const callbackGet = (query: string) => t.app.inject({ url: `/auth/v1/callback?${query}` });

describe('GET|POST /callback failures: back to the app with the error triplet', () => {
  it('denied consent: access_denied, to redirect_to, and the flow is gone', async () => {
    const start = await authorize(t, { provider: 'google', redirect_to: `${SITE}/topics` });
    const state = start.searchParams.get('state') ?? '';
    const request = await signInAtPeer(start.href, { login: 'odmitnuti', consent: 'deny' });
    const landing = await callback(t, request);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/topics`);
    expectTriplet(landing, 'access_denied', 'access_denied');
    const left = await t.database.db.select().from(flowStates).where(eq(flowStates.id, state));
    expect(left).toEqual([]);
  });

  it('Apple, denied: the error arrives as a form POST too', async () => {
    const start = await authorize(t, { provider: 'apple' });
    const request = await signInAtPeer(start.href, { login: 'odmitnuti', consent: 'deny' });
    expect(request.method).toBe('POST');
    expectTriplet(await callback(t, request), 'access_denied', 'access_denied');
  });

  it('an unverified address at the provider is refused and makes no account', async () => {
    const { landing } = await oauthSignIn(t, { provider: 'google', login: 'unverified-karel' });
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/`);
    expectTriplet(landing, 'access_denied', 'provider_email_needs_verification');
    const found = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'unverified-karel@example.cz'));
    expect(found).toEqual([]);
  });

  it('a missing, unknown or malformed state goes to SITE_URL', async () => {
    for (const query of [
      'code=abc',
      'code=abc&state=6f1c0d52-9a55-4f39-8a44-0f0a0fb7a0c1',
      'code=abc&state=not-a-uuid',
    ]) {
      const res = await callbackGet(query);
      expect(res.statusCode).toBe(302);
      const landing = new URL(String(res.headers.location));
      expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/`);
      expectTriplet(
        landing,
        'invalid_request',
        query.includes('state') ? 'bad_oauth_state' : 'bad_oauth_callback',
      );
    }
  });

  it('a state works once: the same answer again is a bad state', async () => {
    const { landing, request } = await oauthSignIn(t, { provider: 'google', login: 'jednou' });
    expect(fragmentOf(landing).get('access_token')).toBeTruthy();
    expectTriplet(await callback(t, request), 'invalid_request', 'bad_oauth_state');
  });

  it('an expired flow is refused', async () => {
    const start = await authorize(t, { provider: 'google' });
    const request = await signInAtPeer(start.href, { login: 'pozde' });
    await t.database.db
      .update(flowStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flowStates.id, start.searchParams.get('state') ?? ''));
    expectTriplet(await callback(t, request), 'invalid_request', 'flow_state_expired');
  });

  it('a forged code is refused by the provider', async () => {
    const start = await authorize(t, { provider: 'google' });
    const state = start.searchParams.get('state') ?? '';
    const res = await callbackGet(
      `code=forged&state=${state}&iss=${encodeURIComponent(peer.issuer)}`,
    );
    expectTriplet(new URL(String(res.headers.location)), 'server_error', 'bad_oauth_callback');
  });
});

describe('which providers are on', () => {
  it('/settings says so, and /authorize refuses one that is off', async () => {
    const settings = await t.app.inject({
      url: '/auth/v1/settings',
      headers: { apikey: await apiKeyOf(t) },
    });
    expect(settings.json()).toMatchObject({ external: { google: true, apple: true, email: true } });

    const googleOnly = await buildTestApp({
      siteUrl: SITE,
      providers: providersFor(peer.issuer, SITE, ['google']),
    });
    try {
      const only = await googleOnly.app.inject({
        url: '/auth/v1/settings',
        headers: { apikey: await apiKeyOf(googleOnly) },
      });
      expect(only.json()).toMatchObject({ external: { google: true, apple: false } });
      const apple = await googleOnly.app.inject({ url: '/auth/v1/authorize?provider=apple' });
      expect(apple.statusCode).toBe(400);
      expect(apple.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
      const unknown = await googleOnly.app.inject({ url: '/auth/v1/authorize?provider=myspace' });
      expect(unknown.json()).toMatchObject({
        msg: 'Unsupported provider: Provider myspace could not be found',
      });
    } finally {
      await googleOnly.close();
    }
  });

  it('an unreachable provider is a 503 at /authorize, before any flow is recorded', async () => {
    const down = await buildTestApp({
      siteUrl: SITE,
      providers: providersFor('http://127.0.0.1:9', SITE, ['google']),
    });
    try {
      const res = await down.app.inject({ url: '/auth/v1/authorize?provider=google' });
      expect(res.statusCode).toBe(503);
      expect(await down.database.db.select().from(flowStates)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
