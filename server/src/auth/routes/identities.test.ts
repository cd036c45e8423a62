import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { WireUser } from '../users/serializers.ts';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { signInAtPeer } from '../../../test/oidc-login.ts';
import { startOidcPeer, type OidcPeer } from '../../../test/oidc-peer.ts';
import {
  callback,
  fragmentOf,
  GOOGLE,
  oauthSignIn,
  peerClients,
  providerEnv,
} from '../../../test/oauth-helpers.ts';

const SITE = 'http://localhost:8080';
const PASSWORD = 'dlouhe-heslo-1';

async function appWith(peer: OidcPeer, manualLinking: boolean, database?: TestDatabase) {
  const env = { ...providerEnv(peer.issuer), AUTH_MANUAL_LINKING: String(manualLinking) };
  const config = loadConfig(env, { siteUrl: SITE });
  return buildTestApp(
    { siteUrl: SITE, providers: config.providers, auth: config.auth },
    database?.database,
  );
}

/** A confirmed email user, signed in with their password: the access token. */
async function signedIn(t: TestApp, apikey: string, email: string): Promise<string> {
  await confirmedUser(t, email, PASSWORD);
  const res = await passwordGrant(t, apikey, { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WireSession>().access_token;
}

describe.each(databaseKinds())('identity linking and unlinking on $name', ({ open }) => {
  let peer: OidcPeer;
  let database: TestDatabase;
  let t: TestApp;
  let apikey: string;

  beforeAll(async () => {
    peer = await startOidcPeer({ clients: peerClients(SITE) });
    database = await open();
    t = await appWith(peer, true, database);
    apikey = await apiKeyOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await peer?.close();
  });

  const headers = (token?: string) => ({
    apikey,
    ...CURRENT,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

  const getUser = async (token: string) => {
    const res = await t.app.inject({ url: '/auth/v1/user', headers: headers(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WireUser>();
  };

  const startLink = (token: string | undefined, query: Record<string, string>) =>
    t.app.inject({
      url: `/auth/v1/user/identities/authorize?${new URLSearchParams(query)}`,
      headers: headers(token),
    });

  /** linkIdentity's round: our URL (as JSON), the provider's pages, back at /callback. */
  async function linkAtPeer(token: string, login: string, query: Record<string, string> = {}) {
    const res = await startLink(token, {
      provider: 'google',
      skip_http_redirect: 'true',
      ...query,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { url } = res.json<{ url: string }>();
    return callback(t, await signInAtPeer(url, { login }));
  }

  const unlink = (token: string | undefined, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/auth/v1/user/identities/${id}`,
      headers: headers(token),
    });

  const idTokenLink = async (token: string | undefined, login: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=id_token',
      headers: headers(token),
      payload: {
        provider: 'google',
        id_token: await peer.idToken({ login, kind: 'google', audience: GOOGLE.clientId }),
        link_identity: true,
      },
    });

  it('linkIdentity by redirect: the provider identity joins the signed-in user, who gets a session', async () => {
    const token = await signedIn(t, apikey, 'propojit@example.cz');
    const before = await getUser(token);
    const landing = await linkAtPeer(token, 'propojeny', { redirect_to: `${SITE}/ucet` });
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/ucet`);
    const accessToken = fragmentOf(landing).get('access_token') ?? '';
    expect(decodeJwt(accessToken)).toMatchObject({
      sub: before.id,
      amr: [{ method: 'oauth', timestamp: expect.any(Number) }],
    });
    const after = await getUser(accessToken);
    expect(after).toMatchObject({
      id: before.id,
      // The address stays the user's own, not the provider's.
      email: 'propojit@example.cz',
      app_metadata: { provider: 'email', providers: ['email', 'google'] },
      identities: [
        { provider: 'email' },
        { provider: 'google', id: 'propojeny', email: 'propojeny@example.cz' },
      ],
    });
    const linked = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, before.id), eq(auditLog.action, 'identity_linked')));
    expect(linked).toHaveLength(1);
  });

  it('without skip_http_redirect the browser is sent to the provider; PKCE gives a code', async () => {
    const token = await signedIn(t, apikey, 'pkce-odkaz@example.cz');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const res = await startLink(token, {
      provider: 'google',
      code_challenge: challenge,
      code_challenge_method: 's256',
    });
    expect(res.statusCode).toBe(302);
    const providerUrl = String(res.headers.location);
    expect(providerUrl.startsWith(`${peer.issuer}/auth?`)).toBe(true);
    const landing = await callback(t, await signInAtPeer(providerUrl, { login: 'pkce-odkaz' }));
    const code = landing.searchParams.get('code') ?? '';
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      headers: headers(),
      payload: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json<WireSession>().user).toMatchObject({
      email: 'pkce-odkaz@example.cz',
      app_metadata: { providers: ['email', 'google'] },
    });
  });

  it('an identity already linked — to this user or another — comes back as identity_already_exists', async () => {
    const owner = await signedIn(t, apikey, 'majitel@example.cz');
    expect((await linkAtPeer(owner, 'sdileny')).hash).toContain('access_token');
    const again = fragmentOf(await linkAtPeer(owner, 'sdileny'));
    expect(again.get('error_code')).toBe('identity_already_exists');
    expect(again.get('error_description')).toBe('Identity is already linked');

    const other = await signedIn(t, apikey, 'jiny@example.cz');
    const taken = fragmentOf(await linkAtPeer(other, 'sdileny'));
    expect(taken.get('error_code')).toBe('identity_already_exists');
    expect(taken.get('error_description')).toBe('Identity is already linked to another user');
    expect(taken.get('access_token')).toBeNull();
    // An identity that signed up on its own is someone else's too.
    await oauthSignIn(t, { provider: 'google', login: 'samostatny' });
    const own = fragmentOf(await linkAtPeer(other, 'samostatny'));
    expect(own.get('error_code')).toBe('identity_already_exists');
    expect((await getUser(other)).identities).toHaveLength(1);
  });

  it('/user/identities/authorize wants a signed-in caller and a known provider', async () => {
    const none = await startLink(undefined, { provider: 'google' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'no_authorization' });
    const bad = await startLink('not-a-jwt', { provider: 'google' });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ code: 'bad_jwt' });
    const token = await signedIn(t, apikey, 'neznamy@example.cz');
    const unknown = await startLink(token, { provider: 'github' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed' });
    const noKey = await t.app.inject({
      url: '/auth/v1/user/identities/authorize?provider=google',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('linkIdentity with an ID token: added to the caller, who gets a new session', async () => {
    const token = await signedIn(t, apikey, 'tokenem@example.cz');
    const { id } = await getUser(token);
    const res = await idTokenLink(token, 'tokenem-google');
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<WireSession>();
    expect(session.access_token).not.toBe(token);
    expect(decodeJwt(session.access_token)).toMatchObject({ sub: id, amr: [{ method: 'oauth' }] });
    expect(session.user).toMatchObject({
      id,
      email: 'tokenem@example.cz',
      app_metadata: { providers: ['email', 'google'] },
    });

    const again = await idTokenLink(token, 'tokenem-google');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'identity_already_exists',
      message: 'Identity is already linked',
    });
    const other = await signedIn(t, apikey, 'tokenem-jiny@example.cz');
    expect((await idTokenLink(other, 'tokenem-google')).json()).toMatchObject({
      code: 'identity_already_exists',
      message: 'Identity is already linked to another user',
    });
    const bad = await idTokenLink('not-a-jwt', 'tokenem-dalsi');
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('unlinkIdentity: one of several goes, and app_metadata follows; never the last one', async () => {
    const token = await signedIn(t, apikey, 'odpojit@example.cz');
    await idTokenLink(token, 'odpojit');
    const { identities } = await getUser(token);
    const google = identities.find((identity) => identity.provider === 'google');
    const email = identities.find((identity) => identity.provider === 'email');

    const res = await unlink(token, google?.identity_id ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    const after = await getUser(token);
    expect(after.identities.map((identity) => identity.provider)).toEqual(['email']);
    expect(after.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(after.email).toBe('odpojit@example.cz');

    const last = await unlink(token, email?.identity_id ?? '');
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    });
    // Unlinked, the Google account signs in again only through the address it shares.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=id_token',
      headers: headers(),
      payload: {
        provider: 'google',
        id_token: await peer.idToken({
          login: 'odpojit',
          kind: 'google',
          audience: GOOGLE.clientId,
        }),
      },
    });
    expect(signIn.json<WireSession>().user).toMatchObject({ id: after.id });
  });

  it('unlinking refuses unknown, malformed and other users’ identities', async () => {
    const token = await signedIn(t, apikey, 'cizi-odpojeni@example.cz');
    await idTokenLink(token, 'cizi-odpojeni');
    const other = await signedIn(t, apikey, 'cizi-druhy@example.cz');
    const [theirs] = (await getUser(other)).identities;

    for (const id of [randomUUID(), theirs?.identity_id ?? '']) {
      const res = await unlink(token, id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'identity_not_found',
        message: "Identity doesn't exist",
      });
    }
    const malformed = await unlink(token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({
      code: 'validation_failed',
      message: 'identity_id must be an UUID',
    });
    expect((await unlink(undefined, randomUUID())).statusCode).toBe(401);
    expect((await getUser(token)).identities).toHaveLength(2);
    expect((await getUser(other)).identities).toHaveLength(1);
  });

  it('unlinking the identity the address came from moves the user to another identity’s', async () => {
    const token = await signedIn(t, apikey, 'puvodni@example.cz');
    await idTokenLink(token, 'nahradni');
    const { identities } = await getUser(token);
    const email = identities.find((identity) => identity.provider === 'email');
    expect((await unlink(token, email?.identity_id ?? '')).statusCode).toBe(200);
    const after = await getUser(token);
    expect(after).toMatchObject({
      email: 'nahradni@example.cz',
      email_confirmed_at: expect.any(String),
      app_metadata: { provider: 'google', providers: ['google'] },
    });
    const old = await passwordGrant(t, apikey, { email: 'puvodni@example.cz', password: PASSWORD });
    expect(old.statusCode).toBe(400);
  });

  it('two unlinks at once cannot remove the last identity', async () => {
    const token = await signedIn(t, apikey, 'soubeh@example.cz');
    await idTokenLink(token, 'soubeh');
    const ids = (await getUser(token)).identities.map((identity) => identity.identity_id);
    const results = await Promise.all(ids.map((id) => unlink(token, id)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect((await getUser(token)).identities).toHaveLength(1);
  });
});

describe('with manual linking off (the default)', () => {
  let peer: OidcPeer;
  let t: TestApp;
  let apikey: string;
  beforeAll(async () => {
    peer = await startOidcPeer({ clients: peerClients(SITE) });
    t = await appWith(peer, false);
    apikey = await apiKeyOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('both routes answer GoTrue’s 404 manual_linking_disabled, after the token is checked', async () => {
    const token = await signedIn(t, apikey, 'vypnuto@example.cz');
    const auth = { apikey, ...CURRENT, authorization: `Bearer ${token}` };
    const { identities } = (
      await t.app.inject({ url: '/auth/v1/user', headers: auth })
    ).json<WireUser>();
    const requests = [
      { url: '/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true' },
      { method: 'DELETE' as const, url: `/auth/v1/user/identities/${identities[0]?.identity_id}` },
      { method: 'DELETE' as const, url: '/auth/v1/user/identities/not-a-uuid' },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: auth });
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json()).toEqual({
        code: 'manual_linking_disabled',
        error_code: 'manual_linking_disabled',
        message: 'Manual linking is disabled',
      });
      const anonymous = await t.app.inject({ ...request, headers: { apikey, ...CURRENT } });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
