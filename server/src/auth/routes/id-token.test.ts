import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import type { WireUser } from '../serializers.ts';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT, type WireSession } from '../../../test/auth-helpers.ts';
import { nastyJson, nastyString } from '../../../test/fuzz/arbitraries.ts';
import { startOidcPeer, type MintedIdToken, type OidcPeer } from '../../../test/oidc-peer.ts';
import { APPLE, GOOGLE, peerClients, providerEnv } from '../../../test/oauth-helpers.ts';

const SITE = 'http://localhost:8080';
/** A native app's own client ids at the providers, accepted besides the web client's. */
const ANDROID_CLIENT = 'partak-android.apps.googleusercontent.com';
const IOS_BUNDLE = 'cz.partak.ios';

/** What the app hands the provider's SDK: the SHA-256 (hex) of the nonce it keeps. */
const hashed = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** A token claiming an issuer, not signed by it: enough to pick the provider, never to sign in. */
const claiming = (iss: string) =>
  [{ alg: 'RS256' }, { iss, sub: 'x' }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('c2ln')
    .join('.');

async function appWith(peer: OidcPeer, database: TestDatabase, disableSignup = false) {
  const env = {
    ...providerEnv(peer.issuer),
    GOOGLE_ADDITIONAL_CLIENT_IDS: ANDROID_CLIENT,
    APPLE_ADDITIONAL_CLIENT_IDS: IOS_BUNDLE,
    AUTH_DISABLE_SIGNUP: String(disableSignup),
  };
  const config = loadConfig(env, { siteUrl: SITE });
  return buildTestApp(
    { siteUrl: SITE, providers: config.providers, auth: config.auth },
    database.database,
  );
}

describe.each(databaseKinds())('POST /token?grant_type=id_token on $name', ({ open }) => {
  let peer: OidcPeer;
  let database: TestDatabase;
  let t: TestApp;
  let apikey: string;

  beforeAll(async () => {
    peer = await startOidcPeer({ clients: peerClients(SITE) });
    database = await open();
    t = await appWith(peer, database);
    apikey = await apiKeyOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await peer?.close();
  });

  const grant = (body: unknown, headers: Record<string, string> = CURRENT) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=id_token',
      headers: { apikey, ...headers },
      payload: body as Record<string, unknown>,
    });

  const googleToken = (login: string, input: Partial<MintedIdToken> = {}) =>
    peer.idToken({ login, kind: 'google', audience: GOOGLE.clientId, ...input });

  /** A sign-in as supabase-js sends it: the token, the raw nonce, extra keys. */
  const signIn = async (provider: string, token: string, nonce?: string) =>
    grant({ provider, id_token: token, nonce, gotrue_meta_security: {} });

  /** GoTrue's OAuth-shaped refusal: HTTP 400, no code. */
  async function expectRefused(
    response: Awaited<ReturnType<typeof grant>>,
    description: string,
    error = 'invalid request',
  ) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error, error_description: description });
  }

  it('Google with a nonce: a new confirmed account and its session (amr oauth)', async () => {
    const nonce = 'nonce-of-the-app-1';
    const token = await googleToken('nativni', { nonce: hashed(nonce) });
    const res = await signIn('google', token, nonce);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<WireSession>();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    expect(session.user).toMatchObject({
      email: 'nativni@example.cz',
      email_confirmed_at: expect.any(String),
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { sub: 'nativni', email_verified: true, iss: peer.issuer },
      identities: [{ provider: 'google', id: 'nativni', email: 'nativni@example.cz' }],
    });
    expect(claims.sub).toBe((session.user as WireUser).id);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, String(claims.sub)), eq(auditLog.action, 'user_signedup')));
    expect(audit).toHaveLength(1);
  });

  it('the same identity again signs the same user in; no nonce on either side is accepted', async () => {
    const first = (await signIn('google', await googleToken('znovu'))).json<WireSession>();
    const again = await signIn('google', await googleToken('znovu'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<WireSession>().user).toMatchObject({
      id: (first.user as WireUser).id,
      identities: [{ provider: 'google', id: 'znovu' }],
    });
  });

  it('Apple with a nonce and the access token (at_hash) signs in', async () => {
    const nonce = 'apple-nonce';
    const token = await peer.idToken({
      login: 'jablko',
      kind: 'apple',
      audience: APPLE.clientId,
      nonce: hashed(nonce),
      accessToken: 'apple-access-token',
    });
    const res = await grant({
      provider: 'apple',
      id_token: token,
      nonce,
      access_token: 'apple-access-token',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WireSession>().user).toMatchObject({
      email: 'jablko@example.cz',
      app_metadata: { provider: 'apple', providers: ['apple'] },
      identities: [{ provider: 'apple', id: 'jablko' }],
    });
  });

  it('the native apps’ client ids are accepted, and `aud` may be a list naming ours', async () => {
    const android = await googleToken('android', { audience: ANDROID_CLIENT });
    expect((await signIn('google', android)).statusCode).toBe(200);
    const listed = await googleToken('seznam', { audience: ['someone-else', GOOGLE.clientId] });
    expect((await signIn('google', listed)).statusCode).toBe(200);
    const ios = await peer.idToken({ login: 'ios', kind: 'apple', audience: IOS_BUNDLE });
    expect((await signIn('apple', ios)).statusCode).toBe(200);
  });

  it('an account with the provider-verified address gets the identity (automatic linking)', async () => {
    const user = await confirmedUser(t, 'heslo@example.cz', 'dlouhe-heslo-1');
    const res = await signIn('google', await googleToken('heslo'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WireSession>().user).toMatchObject({
      id: user.id,
      app_metadata: { provider: 'email', providers: ['email', 'google'] },
    });
  });

  it('the nonce rule: both or neither, and the token carries the SHA-256 of the raw nonce', async () => {
    const withNonce = await googleToken('nonce', { nonce: hashed('raw') });
    const rule = 'Passed nonce and nonce in id_token should either both exist or not.';
    await expectRefused(await signIn('google', withNonce), rule);
    await expectRefused(await signIn('google', await googleToken('nonce'), 'raw'), rule);
    await expectRefused(
      await signIn('google', withNonce, 'other'),
      'Nonces mismatch',
      'invalid nonce',
    );
    // The hash itself is not the nonce: a token seen in transit cannot be replayed with it.
    await expectRefused(
      await signIn('google', withNonce, hashed('raw')),
      'Nonces mismatch',
      'invalid nonce',
    );
    expect((await signIn('google', withNonce, 'raw')).statusCode).toBe(200);
  });

  it('a token not signed by the provider, altered, expired or from elsewhere is a bad ID token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ sub: 'x', email: 'x@example.cz', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'peer-1' })
      .setIssuer(peer.issuer)
      .setAudience(GOOGLE.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    await expectRefused(await signIn('google', forged), 'Bad ID token');

    const [header, , signature] = (await googleToken('meneny')).split('.');
    const payload = Buffer.from(
      JSON.stringify({ iss: peer.issuer, aud: GOOGLE.clientId, sub: 'admin', exp: now + 600 }),
    ).toString('base64url');
    await expectRefused(
      await signIn('google', `${header}.${payload}.${signature}`),
      'Bad ID token',
    );

    await expectRefused(
      await signIn('google', await googleToken('stary', { expiresIn: -60 })),
      'Bad ID token',
    );
    const elsewhere = await googleToken('cizi', { claims: { iss: 'https://evil.example' } });
    await expectRefused(await signIn('google', elsewhere), 'Bad ID token');
    const noExpiry = await googleToken('bez', { claims: { exp: undefined } });
    await expectRefused(await signIn('google', noExpiry), 'Bad ID token');
    await expectRefused(await signIn('google', 'not.a.token'), 'Bad ID token');
    const atHash = await googleToken('at', { accessToken: 'the-real-one' });
    await expectRefused(
      await grant({ provider: 'google', id_token: atHash, access_token: 'another-one' }),
      'Bad ID token',
    );
  });

  it('a token for another client, or without a subject, is refused after its signature', async () => {
    const other = await googleToken('jiny', { audience: 'someone-else' });
    await expectRefused(
      await signIn('google', other),
      'Unacceptable audience in id_token: [someone-else]',
    );
    // Apple's client id is not Google's, although the test peer plays both.
    const apple = await peer.idToken({
      login: 'prohozeny',
      kind: 'apple',
      audience: APPLE.clientId,
    });
    await expectRefused(
      await signIn('google', apple),
      `Unacceptable audience in id_token: [${APPLE.clientId}]`,
    );
    const noSub = await googleToken('bezsub', { claims: { sub: undefined } });
    await expectRefused(await signIn('google', noSub), 'Missing sub claim in id_token');
  });

  it('an address the provider did not verify, or none, makes no account', async () => {
    const unverified = await signIn('google', await googleToken('unverified-id'));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'provider_email_needs_verification' });
    const none = await signIn(
      'google',
      await googleToken('bezadresy', { claims: { email: undefined } }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      code: 'provider_email_needs_verification',
      error_code: 'provider_email_needs_verification',
      message: 'Unverified email with google. Verify the email with google in order to sign in',
    });
    const made = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'unverified-id@example.cz'));
    expect(made).toEqual([]);
  });

  it('bad requests get GoTrue’s answers, never a 5xx', async () => {
    const token = await googleToken('spatne');
    await expectRefused(await grant({ provider: 'google' }), 'id_token required');
    await expectRefused(await grant({ provider: 'google', id_token: null }), 'id_token required');
    await expectRefused(
      await grant({ id_token: token }),
      'provider or client_id and issuer required',
    );
    await expectRefused(
      await grant({ id_token: token, client_id: GOOGLE.clientId }),
      'provider or client_id and issuer required',
    );
    await expectRefused(
      await grant({ provider: 'google', id_token: token, link_identity: true }),
      'Linking requires a valid user access token in Authorization',
    );
    for (const body of ['', '[]', '"text"', '{"id_token":5}', '{"link_identity":"yes"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        headers: { apikey, ...CURRENT, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_json' });
    }
    const unknown = await signIn('github', token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Custom OIDC provider "github" not allowed',
    });
    expect((await signIn('Google', token)).json()).toMatchObject({
      message: 'Custom OIDC provider "Google" not allowed',
    });
    expect((await signIn('custom:moje', token)).json()).toMatchObject({
      code: 'validation_failed',
      message: 'Custom provider "custom:moje" not found',
    });
    const facebook = await signIn('facebook', token);
    expect(facebook.statusCode).toBe(400);
    expect(facebook.json()).toMatchObject({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://www.facebook.com") is not enabled',
    });
    // The older form names the issuer instead of the provider (here Apple's: the test peer
    // plays both, and Apple is looked for first).
    const apple = await peer.idToken({
      login: 'podle-issueru',
      kind: 'apple',
      audience: APPLE.clientId,
    });
    const byIssuer = await grant({ id_token: apple, client_id: 'x', issuer: peer.issuer });
    expect(byIssuer.statusCode, byIssuer.body).toBe(200);
    expect(byIssuer.json<WireSession>().user).toMatchObject({
      app_metadata: { provider: 'apple' },
    });
  });

  it('an Apple token must come from Apple’s issuer, read before anything else', async () => {
    const res = await signIn('apple', 'garbage');
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to detect issuer in ID token for Apple provider',
    });
    expect((await signIn('apple', claiming('https://evil.example'))).json()).toMatchObject({
      message: 'Detected ID token issuer is not an Apple ID token issuer',
    });
    const apple = await peer.idToken({
      login: 'vydavatel',
      kind: 'apple',
      audience: APPLE.clientId,
    });
    const named = { provider: 'apple', id_token: apple, issuer: 'https://appleid.apple.com' };
    expect((await grant(named)).json()).toMatchObject({
      message: 'Provided issuer does not match ID token issuer',
    });
  });

  it('hostile tokens, signed by the provider or not, get a 4xx and never a 5xx', async () => {
    const claim = fc.constantFrom(
      'sub',
      'aud',
      'iss',
      'exp',
      'nonce',
      'at_hash',
      'email',
      'email_verified',
      'name',
      'picture',
    );
    const claims = fc.dictionary(claim, nastyJson, { maxKeys: 4 });
    const part = fc.oneof(
      nastyString,
      nastyJson.map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url')),
    );
    const provider = fc.constantFrom('google', 'apple');
    // Either a token the provider signed, with odd claims, or three arbitrary parts.
    const hostile = fc.oneof(
      claims.map((extra) => ({ signed: extra })),
      fc.tuple(part, part, part).map((parts) => ({ raw: parts.join('.') })),
    );
    await fc.assert(
      fc.asyncProperty(hostile, provider, fc.option(nastyString), async (token, name, nonce) => {
        const idToken =
          'raw' in token
            ? token.raw
            : await googleToken('nepritel', { claims: token.signed, nonce: hashed('n') });
        const res = await signIn(name, idToken, nonce ?? 'n');
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      {
        numRuns: 60,
        seed: 16,
        // PostgreSQL keeps no NUL character, in text or in JSON.
        examples: [
          [{ signed: { sub: 'a\u0000b' } }, 'google', null],
          [{ signed: { email: 'nul\u0000@example.cz', email_verified: true } }, 'google', null],
          [{ signed: { name: 'a\u0000b', sub: 'nul-jmeno' } }, 'google', null],
        ],
      },
    );
  });

  it('an old client without the version header gets the same OAuth-shaped refusal', async () => {
    const res = await grant({ provider: 'google' }, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid request',
      error_description: 'id_token required',
    });
  });

  it('grant_type=web3 is refused as disabled; unknown grant types as before', async () => {
    const web3 = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=web3',
      headers: { apikey, ...CURRENT },
      payload: { chain: 'ethereum', message: 'm', signature: '0x00' },
    });
    expect(web3.statusCode).toBe(422);
    expect(web3.json()).toEqual({
      code: 'web3_provider_disabled',
      error_code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=magic',
      headers: { apikey, ...CURRENT },
      payload: {},
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  describe('with sign-up disabled', () => {
    let closed: TestApp;
    let closedKey: string;
    beforeAll(async () => {
      closed = await appWith(peer, database, true);
      closedKey = await apiKeyOf(closed);
    });
    afterAll(() => closed?.close());

    const closedSignIn = async (login: string) =>
      closed.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        headers: { apikey: closedKey, ...CURRENT },
        payload: { provider: 'google', id_token: await googleToken(login) },
      });

    it('a new user is refused as GoTrue refuses sign-ups; an existing one still signs in', async () => {
      const res = await closedSignIn('zavreno');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'signup_disabled',
        message: 'Signups not allowed for this instance',
      });
      // Same database: the user made in the open app above.
      const known = await closedSignIn('nativni');
      expect(known.statusCode, known.body).toBe(200);
      const linked = await confirmedUser(closed, 'zavreno-heslo@example.cz', 'dlouhe-heslo-1');
      const byAddress = await closedSignIn('zavreno-heslo');
      expect(byAddress.json<WireSession>().user).toMatchObject({ id: linked.id });
    });
  });
});

describe('ID tokens for providers that are off', () => {
  let t: TestApp;
  let apikey: string;
  beforeAll(async () => {
    t = await buildTestApp({ siteUrl: SITE });
    apikey = await apiKeyOf(t);
  });
  afterAll(() => t?.close());

  const signIn = (provider: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=id_token',
      headers: { apikey, ...CURRENT },
      payload: { provider, id_token: token },
    });

  it('Google and Apple answer provider_disabled, naming the issuer', async () => {
    const google = await signIn('google', claiming('https://accounts.google.com'));
    expect(google.statusCode).toBe(400);
    expect(google.json()).toMatchObject({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    for (const issuer of ['https://appleid.apple.com', 'https://account.apple.com']) {
      expect((await signIn('apple', claiming(issuer))).json()).toMatchObject({
        code: 'provider_disabled',
        message: `Provider (issuer "${issuer}") is not enabled`,
      });
    }
    expect(
      (await signIn('azure', claiming('https://login.microsoftonline.com/t/v2.0'))).json(),
    ).toMatchObject({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://login.microsoftonline.com/t/v2.0") is not enabled',
    });
  });
});
