import { generateKeyPair, SignJWT } from 'jose';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { CURRENT, type WireSession } from '../../../test/auth-helpers.ts';
import { nastyJson, nastyString } from '../../../test/fuzz/arbitraries.ts';
import { APPLE, GOOGLE } from '../../../test/oauth-helpers.ts';
import { claiming, hashed, SITE, useIdTokenBench } from '../../../test/id-token-helpers.ts';

/**
 * What POST /token?grant_type=id_token refuses, with GoTrue's exact answers (token_oidc.go): bad
 * requests, unknown or disabled providers, tokens that fail their signature, issuer, expiry,
 * audience or subject, hostile tokens (never a 5xx), and the web3 grant.
 */
describe.each(databaseKinds())('POST /token?grant_type=id_token: refusals on $name', ({ open }) => {
  const bench = useIdTokenBench(open);
  const { grant, googleToken, signIn, expectRefused } = bench;
  it('a token not signed by the provider, altered, expired or from elsewhere is a bad ID token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ sub: 'x', email: 'x@example.cz', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'peer-1' })
      .setIssuer(bench.peer.issuer)
      .setAudience(GOOGLE.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expectRefused(await signIn('google', forged), 'Bad ID token');

    const [header, , signature] = (await googleToken('meneny')).split('.');
    const payload = Buffer.from(
      JSON.stringify({
        iss: bench.peer.issuer,
        aud: GOOGLE.clientId,
        sub: 'admin',
        exp: now + 600,
      }),
    ).toString('base64url');
    expectRefused(await signIn('google', `${header}.${payload}.${signature}`), 'Bad ID token');

    expectRefused(
      await signIn('google', await googleToken('stary', { expiresIn: -60 })),
      'Bad ID token',
    );
    const elsewhere = await googleToken('cizi', { claims: { iss: 'https://evil.example' } });
    expectRefused(await signIn('google', elsewhere), 'Bad ID token');
    const noExpiry = await googleToken('bez', { claims: { exp: undefined } });
    expectRefused(await signIn('google', noExpiry), 'Bad ID token');
    expectRefused(await signIn('google', 'not.a.token'), 'Bad ID token');
    const atHash = await googleToken('at', { accessToken: 'the-real-one' });
    expectRefused(
      await grant({ provider: 'google', id_token: atHash, access_token: 'another-one' }),
      'Bad ID token',
    );
  });

  it('a token for another client, or without a subject, is refused after its signature', async () => {
    const other = await googleToken('jiny', { audience: 'someone-else' });
    expectRefused(
      await signIn('google', other),
      'Unacceptable audience in id_token: [someone-else]',
    );
    // Apple's client id is not Google's, although the test peer plays both.
    const apple = await bench.peer.idToken({
      login: 'prohozeny',
      kind: 'apple',
      audience: APPLE.clientId,
    });
    expectRefused(
      await signIn('google', apple),
      `Unacceptable audience in id_token: [${APPLE.clientId}]`,
    );
    const noSub = await googleToken('bezsub', { claims: { sub: undefined } });
    expectRefused(await signIn('google', noSub), 'Missing sub claim in id_token');
  });

  it('bad requests get GoTrue’s answers, never a 5xx', async () => {
    const token = await googleToken('spatne');
    expectRefused(await grant({ provider: 'google' }), 'id_token required');
    expectRefused(await grant({ provider: 'google', id_token: null }), 'id_token required');
    expectRefused(await grant({ id_token: token }), 'provider or client_id and issuer required');
    expectRefused(
      await grant({ id_token: token, client_id: GOOGLE.clientId }),
      'provider or client_id and issuer required',
    );
    expectRefused(
      await grant({ provider: 'google', id_token: token, link_identity: true }),
      'Linking requires a valid user access token in Authorization',
    );
    for (const body of ['', '[]', '"text"', '{"id_token":5}', '{"link_identity":"yes"}']) {
      const res = await bench.t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        headers: { apikey: bench.apikey, ...CURRENT, 'content-type': 'application/json' },
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
    const apple = await bench.peer.idToken({
      login: 'podle-issueru',
      kind: 'apple',
      audience: APPLE.clientId,
    });
    const byIssuer = await grant({ id_token: apple, client_id: 'x', issuer: bench.peer.issuer });
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
    const apple = await bench.peer.idToken({
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
    const web3 = await bench.t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=web3',
      headers: { apikey: bench.apikey, ...CURRENT },
      payload: { chain: 'ethereum', message: 'm', signature: '0x00' },
    });
    expect(web3.statusCode).toBe(422);
    expect(web3.json()).toEqual({
      code: 'web3_provider_disabled',
      error_code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
    const other = await bench.t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=magic',
      headers: { apikey: bench.apikey, ...CURRENT },
      payload: {},
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
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
