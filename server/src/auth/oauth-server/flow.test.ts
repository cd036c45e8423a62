import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthAuthorizations } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import type { WireSession } from '../../../test/auth-helpers.ts';
import {
  adminClient,
  approvedCode,
  basic,
  locationQuery,
  REDIRECT,
  startAuthorization,
  tokenRequest,
  useOAuthServerApp,
  type OAuthServerApp,
  type WireClient,
} from '../../../test/oauth-server-helpers.ts';
import { SITE } from '../../../test/auth-options.ts';

interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  id_token?: string;
}

/** A native app registered dynamically: public, PKCE only. */
async function publicClient(a: OAuthServerApp): Promise<WireClient> {
  const res = await a.auth('POST', '/oauth/clients/register', {
    payload: {
      client_name: 'Mobilní účetnictví',
      client_uri: 'https://ucetnictvi.example.cz',
      redirect_uris: ['cz.ucetnictvi.app://callback'],
      token_endpoint_auth_method: 'none',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WireClient>();
}

const exchange = (a: OAuthServerApp, client: WireClient, code: string, verifier: string) =>
  tokenRequest(a, {
    grant_type: 'authorization_code',
    client_id: client.client_id,
    code,
    code_verifier: verifier,
    redirect_uri: client.redirect_uris[0] ?? '',
  });

const grantsOf = async (a: OAuthServerApp, session: WireSession) => {
  const res = await a.auth('GET', '/user/oauth/grants', { token: session.access_token });
  expect(res.statusCode).toBe(200);
  return res.json<{ client: { id: string; name?: string }; scopes: string[] }[]>();
};

describe.each(databaseKinds())('the OAuth 2.1 flow on $name', ({ open }) => {
  const a = useOAuthServerApp(open);

  it('signs a user in to a third-party app: consent, code, tokens, userinfo, refresh, revoke', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('jana@example.cz');
    const { id, pkce } = await startAuthorization(a, client);

    const details = await a.auth('GET', `/oauth/authorizations/${id}`, {
      token: session.access_token,
      headers: { origin: SITE },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      authorization_id: id,
      redirect_uri: 'cz.ucetnictvi.app://callback',
      client: {
        id: client.client_id,
        name: 'Mobilní účetnictví',
        uri: 'https://ucetnictvi.example.cz',
      },
      user: { id: session.user.id, email: 'jana@example.cz' },
      scope: 'openid email profile',
    });
    const consent = await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
      token: session.access_token,
      payload: { action: 'approve' },
    });
    expect(consent.statusCode).toBe(200);
    const back = new URL(consent.json<{ redirect_url: string }>().redirect_url);
    expect(back.protocol).toBe('cz.ucetnictvi.app:');
    expect(back.searchParams.get('state')).toBe('stav-123');
    const code = back.searchParams.get('code') ?? '';

    const res = await exchange(a, client, code, pkce.verifier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = res.json<OAuthTokens>();
    expect(Object.keys(tokens).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'token_type',
    ]);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: session.user.id,
      client_id: client.client_id,
      scope: 'openid email profile',
      amr: [expect.objectContaining({ method: 'oauth_provider/authorization_code' })],
    });
    expect(decodeJwt(tokens.id_token ?? '')).toMatchObject({
      sub: session.user.id,
      aud: client.client_id,
      email: 'jana@example.cz',
      email_verified: true,
      name: 'jana@example.cz',
    });

    const info = await a.t.app.inject({
      method: 'GET',
      url: '/auth/v1/oauth/userinfo',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      sub: session.user.id,
      email: 'jana@example.cz',
      email_verified: true,
      name: 'jana@example.cz',
    });
    expect(info.json()).not.toHaveProperty('phone');
    // The app's own session has no scopes: `sub` alone.
    const own = await a.auth('GET', '/oauth/userinfo', { token: session.access_token });
    expect(own.json()).toEqual({ sub: session.user.id });

    const refresh = (token: string) =>
      tokenRequest(a, {
        grant_type: 'refresh_token',
        client_id: client.client_id,
        refresh_token: token,
      });
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json<OAuthTokens>();
    expect(next).not.toHaveProperty('id_token');
    expect(decodeJwt(next.access_token)).toMatchObject({ client_id: client.client_id });
    // The client's refresh token is the client's: the app's own /token refuses it.
    const stolen = await a.auth('POST', '/token?grant_type=refresh_token', {
      payload: { refresh_token: next.refresh_token },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    });
    // …and the client cannot refresh the app's own sessions.
    const foreign = await refresh(session.refresh_token);
    expect(foreign.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication not allowed for non-OAuth session',
    });

    // The app's token cannot act on the user's grants or approve requests for itself.
    const asApp = await a.auth('GET', '/user/oauth/grants', { token: next.access_token });
    expect(asApp.statusCode).toBe(403);
    expect(asApp.json()).toMatchObject({ code: 'bad_jwt' });
    const more = await startAuthorization(a, client, { scope: 'phone' });
    const selfApproval = await a.auth('GET', `/oauth/authorizations/${more.id}`, {
      token: next.access_token,
    });
    expect(selfApproval.statusCode).toBe(403);
    // It tells the app who the user is, and changes nothing of the account: no password, address,
    // factor, passkey, identity or reauthentication nonce can be had with it.
    const asAppUser = await a.auth('GET', '/user', { token: next.access_token });
    expect(asAppUser.statusCode).toBe(200);
    const takeover: [string, string, Record<string, unknown>?][] = [
      ['PUT', '/user', { password: 'Prevzaty-ucet-2026' }],
      ['PUT', '/user', { email: 'utocnik@example.cz' }],
      ['POST', '/factors', { factor_type: 'totp' }],
      ['GET', '/reauthenticate'],
      ['POST', '/passkeys/registration/options', {}],
      ['GET', '/user/identities/authorize?provider=google&skip_http_redirect=true'],
      ['DELETE', `/user/identities/${crypto.randomUUID()}`],
    ];
    for (const [method, path, payload] of takeover) {
      const refused = await a.auth(method as 'GET', path, { token: next.access_token, payload });
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json(), `${method} ${path}`).toMatchObject({ code: 'bad_jwt' });
    }
    const unchanged = await a.auth('GET', '/user', { token: session.access_token });
    expect(unchanged.json()).toMatchObject({ email: 'jana@example.cz' });
    expect(unchanged.json()).not.toHaveProperty('new_email');
    expect(unchanged.json()).not.toHaveProperty('factors');

    const grants = await grantsOf(a, session);
    expect(grants).toEqual([
      {
        client: {
          id: client.client_id,
          name: 'Mobilní účetnictví',
          uri: 'https://ucetnictvi.example.cz',
        },
        scopes: ['openid', 'email', 'profile'],
        granted_at: expect.any(String),
      },
    ]);
    const revoke = await a.auth('DELETE', `/user/oauth/grants?client_id=${client.client_id}`, {
      token: session.access_token,
    });
    expect(revoke.statusCode).toBe(204);
    expect(await grantsOf(a, session)).toEqual([]);
    const afterRevoke = await refresh(next.refresh_token);
    expect(afterRevoke.statusCode).toBe(400);
    // Without the API-version header (a third-party client), GoTrue's older error shape.
    expect(afterRevoke.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
    // The user's own session is untouched.
    expect((await a.auth('GET', '/user', { token: session.access_token })).statusCode).toBe(200);
    const again = await a.auth('DELETE', `/user/oauth/grants?client_id=${client.client_id}`, {
      token: session.access_token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'oauth_consent_not_found',
      message: 'No active grant found for this client',
    });
  });

  it('approves at once a request for no more than the user already granted', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('opakovane@example.cz');
    await approvedCode(a, session, client);
    const { id } = await startAuthorization(a, client, { scope: 'email' });
    const details = await a.auth('GET', `/oauth/authorizations/${id}`, {
      token: session.access_token,
    });
    expect(details.statusCode).toBe(200);
    const redirect = new URL(details.json<{ redirect_url: string }>().redirect_url);
    expect(redirect.searchParams.get('code')).toBeTruthy();
    // More than was granted: asked again.
    const wider = await startAuthorization(a, client, { scope: 'email phone' });
    const asked = await a.auth('GET', `/oauth/authorizations/${wider.id}`, {
      token: session.access_token,
    });
    expect(asked.json()).toMatchObject({ authorization_id: wider.id, scope: 'email phone' });
  });

  it('sends a denial back to the client as access_denied, and the request is spent', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('odmita@example.cz');
    const { id } = await startAuthorization(a, client);
    await a.auth('GET', `/oauth/authorizations/${id}`, { token: session.access_token });
    const deny = await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
      token: session.access_token,
      payload: { action: 'deny' },
    });
    expect(deny.statusCode).toBe(200);
    const back = new URL(deny.json<{ redirect_url: string }>().redirect_url).searchParams;
    expect(Object.fromEntries(back)).toEqual({
      error: 'access_denied',
      error_description: 'User denied the request',
      state: 'stav-123',
    });
    const twice = await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
      token: session.access_token,
      payload: { action: 'approve' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: 'authorization request is no longer pending' });
    expect(await grantsOf(a, session)).toEqual([]);
  });

  it('refuses a wrong verifier, and the code is then used up', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('overovatel@example.cz');
    const { code, pkce } = await approvedCode(a, session, client);
    const wrong = await exchange(a, client, code, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description:
        'PKCE verification failed: code challenge does not match previously saved code verifier',
    });
    const late = await exchange(a, client, code, pkce.verifier);
    expect(late.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid authorization code',
    });
  });

  it('takes a code once only', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('jednou@example.cz');
    const { code, pkce } = await approvedCode(a, session, client);
    expect((await exchange(a, client, code, pkce.verifier)).statusCode).toBe(200);
    const reused = await exchange(a, client, code, pkce.verifier);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Invalid authorization code',
    });
  });

  it('refuses a code for another redirect URI, another client, or past its time', async () => {
    const client = await publicClient(a);
    const other = await publicClient(a);
    const session = await a.signIn('presmerovani@example.cz');
    const first = await approvedCode(a, session, client);
    const res = await tokenRequest(a, {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code: first.code,
      code_verifier: first.pkce.verifier,
      redirect_uri: 'cz.ucetnictvi.app://jinam',
    });
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid redirect_uri',
    });
    const second = await approvedCode(a, session, client);
    const stolen = await exchange(a, other, second.code, second.pkce.verifier);
    expect(stolen.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code was not issued for this client',
    });
    const third = await approvedCode(a, session, client);
    await a.t.database.db
      .update(oauthAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAuthorizations.status, 'approved'));
    const expired = await exchange(a, client, third.code, third.pkce.verifier);
    expect(expired.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code has expired',
    });
  });

  it('authenticates a confidential client with HTTP Basic or in the body, as registered', async () => {
    const viaBasic = await adminClient(a);
    const session = await a.signIn('duverny@example.cz');
    const first = await approvedCode(a, session, viaBasic);
    const fields = {
      grant_type: 'authorization_code',
      code: first.code,
      code_verifier: first.pkce.verifier,
    };
    const wrong = await tokenRequest(a, fields, basic(viaBasic.client_id, 'spatne-heslo'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'invalid client credentials',
    });
    const posted = await tokenRequest(a, {
      ...fields,
      client_id: viaBasic.client_id,
      client_secret: viaBasic.client_secret ?? '',
    });
    expect(posted.json()).toMatchObject({
      msg: "invalid authentication method: client is registered for 'client_secret_basic' but 'client_secret_post' was used",
    });
    const none = await tokenRequest(a, { ...fields, client_id: viaBasic.client_id });
    expect(none.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const ok = await tokenRequest(
      a,
      fields,
      basic(viaBasic.client_id, viaBasic.client_secret ?? ''),
    );
    expect(ok.statusCode, ok.body).toBe(200);

    const viaPost = await adminClient(a, { token_endpoint_auth_method: 'client_secret_post' });
    const second = await approvedCode(a, session, viaPost);
    const json = await a.t.app.inject({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      payload: {
        grant_type: 'authorization_code',
        code: second.code,
        code_verifier: second.pkce.verifier,
        client_id: viaPost.client_id,
        client_secret: viaPost.client_secret,
      },
    });
    expect(json.statusCode, json.body).toBe(200);
    const refreshed = await tokenRequest(
      a,
      { grant_type: 'refresh_token', refresh_token: json.json<OAuthTokens>().refresh_token },
      basic(viaPost.client_id, viaPost.client_secret ?? ''),
    );
    expect(refreshed.json()).toMatchObject({ error_code: 'invalid_credentials' });
  });

  it('signs a deleted client out of every session it had', async () => {
    const client = await publicClient(a);
    const session = await a.signIn('smazany@example.cz');
    const { code, pkce } = await approvedCode(a, session, client);
    const tokens = (await exchange(a, client, code, pkce.verifier)).json<OAuthTokens>();
    expect((await a.admin('DELETE', `/admin/oauth/clients/${client.client_id}`)).statusCode).toBe(
      204,
    );
    const refresh = await tokenRequest(a, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const info = await a.auth('GET', '/oauth/userinfo', { token: tokens.access_token });
    expect(info.json()).toMatchObject({ code: 'session_not_found' });
    expect(await grantsOf(a, session)).toEqual([]);
  });

  it('answers bad token requests with GoTrue’s errors, never a 5xx', async () => {
    const client = await publicClient(a);
    const cases: [Record<string, string>, Record<string, unknown>][] = [
      [
        {},
        {
          error_code: 'invalid_credentials',
          msg: 'Invalid client credentials: client_id is required',
        },
      ],
      [
        { client_id: 'nope' },
        { error_code: 'invalid_credentials', msg: 'Invalid client_id format' },
      ],
      [
        { client_id: '00000000-0000-4000-8000-000000000000' },
        { msg: 'Invalid client credentials' },
      ],
      [
        { client_id: client.client_id },
        { error: 'invalid_request', error_description: 'grant_type is required' },
      ],
      [
        { client_id: client.client_id, grant_type: 'password' },
        {
          error: 'unsupported_grant_type',
          error_description: 'Client is not allowed to use grant type: password',
        },
      ],
      [
        { client_id: client.client_id, grant_type: 'authorization_code' },
        {
          error: 'invalid_request',
          error_description: 'code is required for authorization_code grant',
        },
      ],
      [
        { client_id: client.client_id, grant_type: 'refresh_token' },
        {
          error: 'invalid_request',
          error_description: 'refresh_token is required for refresh_token grant',
        },
      ],
      [
        {
          client_id: client.client_id,
          grant_type: 'authorization_code',
          code: 'x',
          code_verifier: 'y',
        },
        { error: 'invalid_grant', error_description: 'Invalid authorization code' },
      ],
    ];
    for (const [fields, expected] of cases) {
      const res = await tokenRequest(a, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject(expected);
    }
    const basicGarbage = await tokenRequest(
      a,
      { grant_type: 'refresh_token' },
      { authorization: 'Basic ***' },
    );
    expect(basicGarbage.json()).toMatchObject({
      msg: 'Invalid client credentials: invalid basic auth encoding',
    });
    const typed = await a.t.app.inject({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      payload: { client_id: client.client_id, grant_type: ['authorization_code'] },
    });
    expect(typed.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid JSON body',
    });
  });
});

describe.each(databaseKinds())(
  'GET /oauth/authorize and the consent routes on $name',
  ({ open }) => {
    const a = useOAuthServerApp(open);

    it('sends a good request to the consent page with its handle', async () => {
      const client = await adminClient(a);
      const { id } = await startAuthorization(a, client);
      const res = await a.t.app.inject({
        method: 'GET',
        url: `/auth/v1/oauth/authorize?client_id=${client.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=plain`,
      });
      expect(String(res.headers.location)).toMatch(
        new RegExp(`^${SITE}/povolit-pristup\\?authorization_id=[A-Za-z0-9]{32}$`),
      );
      expect(id).not.toBe(locationQuery(res).get('authorization_id'));
    });

    it('answers problems with the client or redirect URI itself, and sends others back', async () => {
      const client = await adminClient(a);
      const get = (query: string) =>
        a.t.app.inject({ method: 'GET', url: `/auth/v1/oauth/authorize?${query}` });
      const redirect = `redirect_uri=${encodeURIComponent(REDIRECT)}`;
      const own: [string, number, Record<string, string>][] = [
        ['', 400, { error_code: 'validation_failed', msg: 'client_id is required' }],
        [`client_id=${client.client_id}`, 400, { msg: 'redirect_uri is required' }],
        [
          `client_id=x&${redirect}`,
          400,
          { error_code: 'oauth_client_not_found', msg: 'invalid client_id format' },
        ],
        [
          `client_id=00000000-0000-4000-8000-000000000000&${redirect}`,
          400,
          { error_code: 'oauth_client_not_found', msg: 'invalid client_id' },
        ],
        [
          `client_id=${client.client_id}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
          400,
          { error_code: 'validation_failed', msg: 'invalid redirect_uri' },
        ],
      ];
      for (const [query, status, body] of own) {
        const res = await get(query);
        expect(res.statusCode, query).toBe(status);
        expect(res.json()).toMatchObject(body);
      }
      const base = `client_id=${client.client_id}&${redirect}&state=s1`;
      const challenge = `code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
      const back: [string, string][] = [
        [base, 'PKCE flow requires both code_challenge and code_challenge_method'],
        [
          `${base}&code_challenge=short&code_challenge_method=S256`,
          'code_challenge must be between 43 and 128 characters',
        ],
        [
          `${base}&code_challenge=${'a'.repeat(43)}&code_challenge_method=md5`,
          "code_challenge_method must be 'S256' or 'plain'",
        ],
        [`${base}&${challenge}&response_type=token`, 'only response_type=code is supported'],
        [`${base}&${challenge}&scope=admin`, 'unsupported scope: admin'],
        [
          `${base}&${challenge}&resource=https://api.example/x?y=1`,
          'resource must not include a query component',
        ],
      ];
      for (const [query, description] of back) {
        const params = locationQuery(await get(query));
        expect(Object.fromEntries(params), query).toEqual({
          error: 'invalid_request',
          error_description: description,
          state: 's1',
        });
      }
    });

    it('keeps a request to the user who opened it first, and checks who asks', async () => {
      const client = await adminClient(a);
      const owner = await a.signIn('prvni@example.cz');
      const stranger = await a.signIn('cizi@example.cz');
      const { id } = await startAuthorization(a, client);
      expect(
        (await a.auth('GET', `/oauth/authorizations/${id}`, { token: owner.access_token }))
          .statusCode,
      ).toBe(200);
      for (const res of [
        await a.auth('GET', `/oauth/authorizations/${id}`, { token: stranger.access_token }),
        await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
          token: stranger.access_token,
          payload: { action: 'approve' },
        }),
        await a.auth('GET', '/oauth/authorizations/nothing', { token: owner.access_token }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'oauth_authorization_not_found',
          message: 'authorization not found',
        });
      }
      expect((await a.auth('GET', `/oauth/authorizations/${id}`)).statusCode).toBe(401);
      const foreignOrigin = await a.auth('GET', `/oauth/authorizations/${id}`, {
        token: owner.access_token,
        headers: { origin: 'https://evil.example' },
      });
      expect(foreignOrigin.statusCode).toBe(400);
      expect(foreignOrigin.json()).toMatchObject({ message: 'unauthorized request origin' });
      const badAction = await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
        token: owner.access_token,
        payload: { action: 'maybe' },
      });
      expect(badAction.json()).toMatchObject({
        code: 'validation_failed',
        message: "action must be 'approve' or 'deny'",
      });
      const unopened = await startAuthorization(a, client);
      const skipped = await a.auth('POST', `/oauth/authorizations/${unopened.id}/consent`, {
        token: owner.access_token,
        payload: { action: 'approve' },
      });
      expect(skipped.statusCode).toBe(404);
    });

    it('lets a request expire', async () => {
      const client = await adminClient(a);
      const session = await a.signIn('pozde@example.cz');
      const { id } = await startAuthorization(a, client);
      const db = a.t.database.db;
      await db
        .update(oauthAuthorizations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthAuthorizations.authorizationId, id));
      const res = await a.auth('GET', `/oauth/authorizations/${id}`, {
        token: session.access_token,
      });
      expect(res.statusCode).toBe(404);
      const [row] = await db
        .select()
        .from(oauthAuthorizations)
        .where(eq(oauthAuthorizations.authorizationId, id));
      expect(row?.status).toBe('expired');
    });

    it('checks the grants routes’ input', async () => {
      const session = await a.signIn('granty@example.cz');
      const del = (query: string) =>
        a.auth('DELETE', `/user/oauth/grants${query}`, { token: session.access_token });
      expect((await del('')).json()).toMatchObject({
        message: 'client_id query parameter is required',
      });
      expect((await del('?client_id=x')).json()).toMatchObject({
        message: 'invalid client_id format',
      });
      expect((await a.auth('GET', '/user/oauth/grants')).statusCode).toBe(401);
    });

    it('publishes its metadata (RFC 8414) and OpenID discovery without an apikey', async () => {
      for (const path of ['oauth-authorization-server', 'openid-configuration']) {
        const res = await a.t.app.inject({ method: 'GET', url: `/auth/v1/.well-known/${path}` });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          issuer: `${SITE}/auth/v1`,
          authorization_endpoint: `${SITE}/auth/v1/oauth/authorize`,
          token_endpoint: `${SITE}/auth/v1/oauth/token`,
          userinfo_endpoint: `${SITE}/auth/v1/oauth/userinfo`,
          jwks_uri: `${SITE}/auth/v1/.well-known/jwks.json`,
          registration_endpoint: `${SITE}/auth/v1/oauth/clients/register`,
          code_challenge_methods_supported: ['S256', 'plain'],
        });
      }
    });
  },
);

describe.each(databaseKinds())('the OAuth server switched off, on $name', ({ open }) => {
  const a = useOAuthServerApp(open, {});

  it('answers every route as GoTrue’s requireOAuthServerEnabled does', async () => {
    const session = await a.signIn('vypnuto@example.cz');
    const token = session.access_token;
    for (const [method, path] of [
      ['GET', '/oauth/authorize?client_id=x'],
      ['POST', '/oauth/token'],
      ['GET', '/oauth/userinfo'],
      ['GET', '/oauth/authorizations/abc'],
      ['POST', '/oauth/authorizations/abc/consent'],
      ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/user/oauth/grants'],
      ['DELETE', '/user/oauth/grants?client_id=x'],
    ] as const) {
      const res = await a.auth(method, path, {
        token,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'feature_disabled',
        message: 'OAuth server is disabled',
      });
    }
    const discovery = await a.auth('GET', '/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).not.toHaveProperty('registration_endpoint');
  });
});
