import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@partak/domain/ids';
import { oauthClients } from '../../src/db/schema/index.ts';
import { confirmedUser, CURRENT, passwordGrant, type WireSession } from '../auth-helpers.ts';
import { useTestApp } from '../helpers.ts';
import { nastyJson, nastyKey, nastyString } from './arbitraries.ts';
import { fuzzEndpoint, type Endpoint } from './harness.ts';
import { FUZZ_LIMITS, RUNS, SEED, TIMEOUT_MS } from './settings.ts';
import { loadConfig } from '../../src/config/env.ts';

/**
 * Every endpoint of /auth/v1 under hostile bodies, query strings and headers (a hardening
 * test): no 5xx, nothing internal in an answer, GoTrue's error shapes with a stable code,
 * and no trace in the database of a request that was refused.
 */
// Sign-ins slowed by wrong passwords (sign-in-delay.ts) pass at once: the fuzzing is about
// answers, not time.
// The OAuth server is on, so its routes are fuzzed past their on/off switch.
const t = useTestApp(
  {
    rateLimits: FUZZ_LIMITS,
    auth: {
      ...loadConfig({}).auth,
      oauthServer: { enabled: true, allowDynamicRegistration: true, authorizationPath: '/p' },
    },
  },
  { sleep: async () => undefined },
);

const OWNER = { email: 'fuzz-owner@example.cz', password: 'dobre-heslo-123' };

const fresh = fc.uuid().map((id) => `fuzz-${id.slice(0, 8)}@example.cz`);
const email = fc.oneof(
  fresh,
  fc.constantFrom(OWNER.email, 'FUZZ-OWNER@example.cz ', 'a@b', `${'x'.repeat(300)}@example.cz`),
);
const password = fc.oneof(
  { weight: 3, arbitrary: fc.constant(OWNER.password) },
  fc.constantFrom('jine-heslo-456', 'kratke', '', 'x'.repeat(100)),
);
/** Fields most requests leave out. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const metadata = fc.dictionary(nastyKey, nastyJson, { maxKeys: 4 });
const token = fc.oneof(nastyString, fc.constantFrom('a'.repeat(12), 'pkce_abc', 'x'.repeat(56)));
const linkType = fc.constantFrom('signup', 'recovery', 'magiclink', 'email_change', 'invite', 'x');
const challenge = rarely(fc.constantFrom('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'a'));
const challengeMethod = rarely(fc.constantFrom('s256', 'S256', 'plain', 'md5'));
const phone = fc.constantFrom('+420777123456', '420 777 654 321', '1', '+0777', 'abc', '');
const code = fc.oneof(token, fc.constantFrom('000000', '123456', ''));

let factorId = '';
/** A public OAuth client the fuzzed OAuth routes name (registered before the runs). */
const OAUTH_CLIENT = '5f1c7e2a-3b4d-4c6e-8f90-a1b2c3d4e5f6';

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/settings' },
  { method: 'GET', path: '/.well-known/jwks.json' },
  {
    method: 'POST',
    path: '/signup',
    fields: {
      email,
      password,
      data: rarely(metadata),
      phone: rarely(fc.constantFrom('+420777123456', '1')),
      code_challenge: challenge,
      code_challenge_method: challengeMethod,
    },
  },
  { method: 'POST', path: '/token', query: 'grant_type=password', fields: { email, password } },
  {
    method: 'POST',
    path: '/token',
    query: 'grant_type=refresh_token',
    fields: { refresh_token: token },
  },
  {
    method: 'POST',
    path: '/token',
    query: 'grant_type=pkce',
    fields: { auth_code: token, code_verifier: token },
  },
  {
    method: 'POST',
    path: '/token',
    query: 'grant_type=id_token',
    fields: {
      id_token: token,
      provider: fc.constantFrom('google', 'apple', 'azure', 'facebook', 'custom:x', '', 'x'),
      nonce: rarely(token),
      access_token: rarely(token),
      issuer: rarely(fc.constantFrom('https://appleid.apple.com', 'https://accounts.google.com')),
      client_id: rarely(token),
      link_identity: rarely(fc.boolean()),
    },
  },
  {
    method: 'POST',
    path: '/token',
    query: 'grant_type=web3',
    fields: { chain: fc.constantFrom('ethereum', 'solana'), message: token, signature: token },
  },
  {
    method: 'POST',
    path: '/recover',
    fields: { email, code_challenge: challenge, code_challenge_method: challengeMethod },
  },
  {
    method: 'POST',
    path: '/otp',
    fields: {
      email: rarely(email),
      phone: rarely(phone),
      create_user: rarely(fc.boolean()),
      data: rarely(metadata),
      channel: rarely(fc.constantFrom('sms', 'whatsapp', '')),
      code_challenge: challenge,
      code_challenge_method: challengeMethod,
    },
  },
  {
    method: 'POST',
    path: '/resend',
    fields: {
      type: fc.constantFrom('signup', 'email_change', 'sms', 'phone_change', 'magiclink'),
      email: rarely(email),
      phone: rarely(phone),
      code_challenge: challenge,
      code_challenge_method: challengeMethod,
    },
  },
  {
    method: 'POST',
    path: '/verify',
    fields: { type: linkType, token_hash: token, email: rarely(email) },
  },
  {
    method: 'POST',
    path: '/verify',
    fields: {
      type: fc.constantFrom('sms', 'phone_change', 'email', 'signup', 'x'),
      token: code,
      email: rarely(email),
      phone: rarely(phone),
    },
  },
  {
    method: 'GET',
    path: '/verify',
    query: 'type=signup&token=abc&redirect_to=https://evil.example',
  },
  { method: 'GET', path: '/user' },
  {
    method: 'PUT',
    path: '/user',
    fields: {
      password: rarely(password),
      email: rarely(email),
      data: rarely(metadata),
      phone: rarely(phone),
      app_metadata: rarely(metadata),
      nonce: rarely(token),
    },
  },
  { method: 'POST', path: '/logout', query: 'scope=local' },
  { method: 'GET', path: '/reauthenticate' },
  {
    method: 'POST',
    path: '/sso',
    fields: { domain: rarely(nastyString), provider_id: rarely(fc.uuid()), redirect_to: token },
  },
  {
    method: 'POST',
    path: '/factors',
    fields: {
      factor_type: fc.constantFrom('totp', 'phone', 'webauthn', 'sms'),
      friendly_name: rarely(nastyString),
      phone: fc.constantFrom('+420777123456', '777', ''),
      issuer: rarely(nastyString),
    },
  },
  {
    method: 'POST',
    path: '/factors/:id/challenge',
    ids: () => [factorId],
    fields: { channel: rarely(fc.constantFrom('sms', 'whatsapp')) },
  },
  {
    method: 'POST',
    path: '/factors/:id/verify',
    ids: () => [factorId],
    fields: {
      challenge_id: fc.uuid(),
      code: fc.constantFrom('000000', '123456', '1', ''),
      webauthn: rarely(metadata),
    },
  },
  { method: 'DELETE', path: '/factors/:id', ids: () => [factorId] },
  { method: 'GET', path: '/authorize', query: 'provider=google&redirect_to=https://evil.example' },
  { method: 'GET', path: '/user/identities/authorize', query: 'provider=google' },
  { method: 'DELETE', path: '/user/identities/:id' },
  { method: 'GET', path: '/callback', query: 'code=abc&state=xyz' },
  { method: 'POST', path: '/callback', fields: { code: token, state: token, user: nastyString } },
  { method: 'GET', path: '/.well-known/oauth-authorization-server' },
  { method: 'GET', path: '/.well-known/openid-configuration' },
  {
    method: 'POST',
    path: '/oauth/clients/register',
    fields: {
      redirect_uris: fc.oneof(
        fc.constant(['https://app.example.cz/cb']),
        fc.array(fc.oneof(nastyString, fc.constantFrom('http://evil.example/', 'x://y', '')), {
          maxLength: 3,
        }),
      ),
      client_name: rarely(nastyString),
      client_type: rarely(fc.constantFrom('public', 'confidential', 'x')),
      token_endpoint_auth_method: rarely(
        fc.constantFrom('none', 'client_secret_basic', 'client_secret_post', 'x'),
      ),
      grant_types: rarely(fc.array(fc.constantFrom('authorization_code', 'refresh_token', 'x'))),
      client_uri: rarely(nastyString),
      logo_uri: rarely(nastyString),
    },
  },
  {
    method: 'GET',
    path: '/oauth/authorize',
    query: `client_id=${OAUTH_CLIENT}&redirect_uri=https%3A%2F%2Fapp.example.cz%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&scope=email&state=s`,
  },
  { method: 'GET', path: '/oauth/authorizations/:id' },
  {
    method: 'POST',
    path: '/oauth/authorizations/:id/consent',
    fields: { action: fc.constantFrom('approve', 'deny', 'x') },
  },
  {
    method: 'POST',
    path: '/oauth/token',
    fields: {
      grant_type: fc.constantFrom('authorization_code', 'refresh_token', 'password', ''),
      client_id: fc.oneof(fc.constant(OAUTH_CLIENT), fc.uuid(), nastyString),
      client_secret: rarely(token),
      code: rarely(token),
      code_verifier: rarely(token),
      refresh_token: rarely(token),
      redirect_uri: rarely(nastyString),
    },
  },
  { method: 'GET', path: '/oauth/userinfo' },
  { method: 'GET', path: '/user/oauth/grants' },
  { method: 'DELETE', path: '/user/oauth/grants', query: `client_id=${OAUTH_CLIENT}` },
  { method: 'PATCH', path: '/nothing-here' },
];

describe('fuzzing /auth/v1', () => {
  let session: WireSession;
  let caller = { email: '', password: OWNER.password };
  const signIn = async () => {
    const res = await passwordGrant(t, t.apikey, caller);
    expect(res.statusCode).toBe(200);
    session = res.json<WireSession>();
  };

  beforeAll(async () => {
    await confirmedUser(t, OWNER.email, OWNER.password);
    await t.database.db.insert(oauthClients).values({
      id: OAUTH_CLIENT,
      registrationType: 'manual',
      clientType: 'public',
      tokenEndpointAuthMethod: 'none',
      redirectUris: ['https://app.example.cz/cb'],
      grantTypes: ['authorization_code', 'refresh_token'],
    });
  });

  // Each endpoint is fuzzed by a user of its own, since a fuzzed request may change the password,
  // the address or the factors of the user making it.
  beforeEach(async () => {
    caller = { email: `fuzz-${newId().slice(0, 8)}@example.cz`, password: OWNER.password };
    await confirmedUser(t, caller.email, caller.password);
    await signIn();
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: { apikey: t.apikey, authorization: `Bearer ${session.access_token}`, ...CURRENT },
      payload: { factor_type: 'totp', friendly_name: 'fuzz' },
    });
    factorId = enrolled.json<{ id: string }>().id;
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}${e.query ? `?${e.query}` : ''}`, e]))(
    '%s',
    async (_name, endpoint) => {
      const credentials = { apikey: t.apikey, token: () => session.access_token };
      const { pastTheGate } = await fuzzEndpoint(t, endpoint as Endpoint, credentials, {
        prefix: '/auth/v1',
        numRuns: RUNS,
        seed: SEED,
        // A fuzzed logout that succeeded ends the session the next requests use.
        after: async (res) => {
          if (endpoint.path === '/logout' && res.statusCode === 204) await signIn();
        },
      });
      // Some requests got past the apikey and token checks, or the fuzzing proved little.
      expect(pastTheGate).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
