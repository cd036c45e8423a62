import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, flowStates } from '../../db/schema/index.ts';
import type { WireUser } from '../users/serializers.ts';
import { createEmailUser } from '../users/users-repository.ts';
import { hashPassword } from '../users/passwords.ts';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT, passwordGrant } from '../../../test/auth-helpers.ts';
import { startOidcPeer, PEER_FAMILY_NAME, type OidcPeer } from '../../../test/oidc-peer.ts';
import {
  authorize,
  fragmentOf,
  oauthSignIn,
  peerClients,
  providersFor,
} from '../../../test/oauth-helpers.ts';

const SITE = 'http://localhost:8080';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe.each(databaseKinds())('Google and Apple sign-in on $name', ({ open }) => {
  let peer: OidcPeer;
  let database: TestDatabase;
  let t: TestApp;
  let apikey: string;

  beforeAll(async () => {
    peer = await startOidcPeer({ clients: peerClients(SITE) });
    database = await open();
    t = await buildTestApp(
      { siteUrl: SITE, providers: providersFor(peer.issuer, SITE) },
      database.database,
    );
    apikey = await apiKeyOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await peer?.close();
  });

  const getUser = async (accessToken: string) => {
    const res = await t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey, authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<WireUser>();
  };

  it('/authorize sends the browser to the provider with state, nonce, PKCE and our URI', async () => {
    const google = await authorize(t, {
      provider: 'google',
      redirect_to: `${SITE}/`,
      scopes: 'https://www.googleapis.com/auth/calendar',
      access_type: 'offline',
      prompt: 'consent',
      client_id: 'someone-else',
      redirect_uri: 'https://evil.example/cb',
      state: 'chosen-by-attacker',
    });
    expect(`${google.origin}${google.pathname}`).toBe(`${peer.issuer}/auth`);
    const q = google.searchParams;
    expect(q.getAll('client_id')).toEqual(['partak-google']);
    expect(q.getAll('redirect_uri')).toEqual([`${SITE}/auth/v1/callback`]);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/calendar');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('response_mode')).toBeNull();
    const state = q.getAll('state');
    expect(state).toHaveLength(1);
    expect(state[0]).toMatch(UUID);
    const [flow] = await t.database.db
      .select()
      .from(flowStates)
      .where(eq(flowStates.id, state[0] ?? ''));
    expect(flow).toMatchObject({ providerType: 'google', authenticationMethod: 'oauth/started' });
    expect(flow?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);

    const apple = await authorize(t, { provider: 'apple' });
    expect(apple.searchParams.get('client_id')).toBe('partak-apple');
    expect(apple.searchParams.get('scope')).toBe('openid email name');
    expect(apple.searchParams.get('response_mode')).toBe('form_post');
  });

  it('Google, implicit: a new confirmed account and the session in the fragment', async () => {
    const { landing } = await oauthSignIn(t, {
      provider: 'google',
      login: 'jana',
      query: { redirect_to: `${SITE}/vitej?tab=1` },
    });
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/vitej`);
    expect(landing.searchParams.get('tab')).toBe('1');
    const params = fragmentOf(landing);
    expect([...params.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ]);
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('provider_token')).toBeTruthy();
    const accessToken = params.get('access_token') ?? '';
    expect(decodeJwt(accessToken).amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) },
    ]);

    const user = await getUser(accessToken);
    expect(user).toMatchObject({
      email: 'jana@example.cz',
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: {
        email: 'jana@example.cz',
        email_verified: true,
        full_name: `jana ${PEER_FAMILY_NAME}`,
        name: `jana ${PEER_FAMILY_NAME}`,
        avatar_url: `${peer.issuer}/avatars/jana.png`,
        iss: peer.issuer,
        sub: 'jana',
        provider_id: 'jana',
      },
      identities: [
        {
          provider: 'google',
          id: 'jana',
          email: 'jana@example.cz',
          identity_data: { sub: 'jana', email: 'jana@example.cz', email_verified: true },
        },
      ],
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'login')));
    expect(entries.map((entry) => entry.payload)).toEqual([
      { method: 'oauth', provider: 'google' },
    ]);

    const again = await oauthSignIn(t, { provider: 'google', login: 'jana' });
    expect(`${again.landing.origin}${again.landing.pathname}`).toBe(`${SITE}/`);
    const second = await getUser(fragmentOf(again.landing).get('access_token') ?? '');
    expect(second.id).toBe(user.id);
    expect(second.identities).toHaveLength(1);
  });

  it('Apple, form_post: the name from the first answer, email_verified sent as a string', async () => {
    const { landing, request } = await oauthSignIn(t, { provider: 'apple', login: 'petr' });
    expect(request.method).toBe('POST');
    expect(request.form?.get('user')).toContain('"firstName":"petr"');
    const user = await getUser(fragmentOf(landing).get('access_token') ?? '');
    expect(user).toMatchObject({
      email: 'petr@example.cz',
      app_metadata: { provider: 'apple', providers: ['apple'] },
      user_metadata: { full_name: `petr ${PEER_FAMILY_NAME}`, email_verified: true },
      identities: [{ provider: 'apple', id: 'petr' }],
    });

    const again = await oauthSignIn(t, { provider: 'apple', login: 'petr' });
    expect(again.request.form?.has('user')).toBe(false);
    const second = await getUser(fragmentOf(again.landing).get('access_token') ?? '');
    expect(second.id).toBe(user.id);
    expect(second.user_metadata.full_name).toBe(`petr ${PEER_FAMILY_NAME}`);
    expect(second.identities[0]?.identity_data.full_name).toBe(`petr ${PEER_FAMILY_NAME}`);
  });

  it('PKCE: ?code= back at the app, redeemed once for an oauth session', async () => {
    const verifier = randomBytes(56).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { landing } = await oauthSignIn(t, {
      provider: 'google',
      login: 'eva',
      query: {
        redirect_to: `${SITE}/vitej?tab=1`,
        code_challenge: challenge,
        code_challenge_method: 's256',
      },
    });
    expect(landing.hash).toBe('');
    expect(landing.searchParams.get('tab')).toBe('1');
    const code = landing.searchParams.get('code') ?? '';
    expect(code).toMatch(UUID);

    const exchange = (codeVerifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=pkce',
        headers: { apikey, ...CURRENT },
        payload: { auth_code: code, code_verifier: codeVerifier },
      });
    const wrong = await exchange(randomBytes(56).toString('hex'));
    expect(wrong.json()).toMatchObject({ code: 'bad_code_verifier' });

    const again = await oauthSignIn(t, {
      provider: 'google',
      login: 'eva',
      query: { code_challenge: challenge, code_challenge_method: 's256' },
    });
    const secondCode = again.landing.searchParams.get('code') ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      headers: { apikey, ...CURRENT },
      payload: { auth_code: secondCode, code_verifier: verifier },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ access_token: string; user: Record<string, unknown> }>();
    expect(session.user).toMatchObject({ email: 'eva@example.cz' });
    expect(decodeJwt(session.access_token).amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) },
    ]);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      headers: { apikey, ...CURRENT },
      payload: { auth_code: secondCode, code_verifier: verifier },
    });
    expect(replay.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('links to an existing confirmed account with the verified address', async () => {
    const existing = await confirmedUser(t, 'marie@example.cz', 'marie-heslo-123');
    const { landing } = await oauthSignIn(t, { provider: 'google', login: 'marie' });
    const user = await getUser(fragmentOf(landing).get('access_token') ?? '');
    expect(user.id).toBe(existing.id);
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'google'] });
    expect(user.identities.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'google',
    ]);
    const password = await passwordGrant(t, apikey, {
      email: 'marie@example.cz',
      password: 'marie-heslo-123',
    });
    expect(password.statusCode).toBe(200);
  });

  it('takes over an unconfirmed account: its password no longer works', async () => {
    const squatter = await createEmailUser(t.database.db, {
      email: 'ondrej@example.cz',
      passwordHash: await hashPassword('cizi-heslo-123'),
    });
    const { landing } = await oauthSignIn(t, { provider: 'apple', login: 'ondrej' });
    const user = await getUser(fragmentOf(landing).get('access_token') ?? '');
    expect(user.id).toBe(squatter.id);
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'apple' })]);
    expect(user.app_metadata).toMatchObject({ provider: 'apple', providers: ['apple'] });
    const password = await passwordGrant(t, apikey, {
      email: 'ondrej@example.cz',
      password: 'cizi-heslo-123',
    });
    expect(password.json()).toMatchObject({ code: 'invalid_credentials' });
  });
});
