import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, type AccessTokenInput } from '../tokens/access-tokens.ts';
import { activeSigningKey } from '../tokens/signing-keys.ts';
import { adminTestApp, type AdminTestApp } from '../../../test/admin-helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';

/** Every admin endpoint, each with a body it would accept from the service role. */
const ENDPOINTS = [
  ['GET', '/admin/users', undefined],
  ['POST', '/admin/users', { email: 'neprijde@example.cz' }],
  ['GET', `/admin/users/${randomUUID()}`, undefined],
  ['PUT', `/admin/users/${randomUUID()}`, {}],
  ['DELETE', `/admin/users/${randomUUID()}`, undefined],
  ['GET', `/admin/users/${randomUUID()}/factors`, undefined],
  ['DELETE', `/admin/users/${randomUUID()}/factors/${randomUUID()}`, undefined],
  ['POST', '/admin/generate_link', { type: 'signup', email: 'x@example.cz', password: 'x' }],
  ['POST', '/invite', { email: 'neprijde@example.cz' }],
] as const;

describe.each(databaseKinds())('who may use the admin API, on $name', ({ open }) => {
  let a: AdminTestApp;
  let session: WireSession;
  beforeAll(async () => {
    a = await adminTestApp(open);
    await confirmedUser(a.t, 'bezny@example.cz', 'dobre-heslo-123');
    session = (
      await passwordGrant(a.t, a.anonKey, {
        email: 'bezny@example.cz',
        password: 'dobre-heslo-123',
      })
    ).json();
  });
  afterAll(() => a.close());

  const call = (headers: Record<string, string>, url = '/admin/users', method = 'GET') =>
    a.t.app.inject({
      method: method as 'GET',
      url: `/auth/v1${url}`,
      headers: { ...CURRENT, ...headers },
    });
  /** A token signed with the server's own key, claiming `role` (and no session unless given). */
  const ownToken = async (role: string, extra: Partial<AccessTokenInput> = {}) => {
    const claims = { sub: randomUUID(), aud: 'authenticated', role, ...extra };
    const { token } = await signAccessToken(
      claims as AccessTokenInput,
      await activeSigningKey(a.t.database.db),
      { issuer: 'http://localhost:8080/auth/v1', lifetimeSeconds: 60 },
    );
    return token;
  };
  const notAdmin = { code: 'not_admin', error_code: 'not_admin', message: 'User not allowed' };

  it.each(ENDPOINTS)(
    '%s %s: the anon key alone is GoTrue’s 403 not_admin',
    async (method, url, body) => {
      const res = await a.t.app.inject({
        method,
        url: `/auth/v1${url}`,
        headers: { apikey: a.anonKey, authorization: `Bearer ${a.anonKey}`, ...CURRENT },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(notAdmin);
    },
  );

  it.each(ENDPOINTS)(
    '%s %s: a signed-in user’s token is 403 not_admin',
    async (method, url, body) => {
      const res = await a.t.app.inject({
        method,
        url: `/auth/v1${url}`,
        headers: { apikey: a.anonKey, authorization: `Bearer ${session.access_token}`, ...CURRENT },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(notAdmin);
    },
  );

  it('takes the service-role key as bearer or as apikey, and it passes the apikey gate', async () => {
    expect(
      (await call({ apikey: a.anonKey, authorization: `Bearer ${a.serviceKey}` })).statusCode,
    ).toBe(200);
    expect((await call({ apikey: a.serviceKey })).statusCode).toBe(200);
    expect(
      (await call({ apikey: a.serviceKey, authorization: `Bearer ${a.anonKey}` })).statusCode,
    ).toBe(200);
    // The service-role key opens the rest of the API as the anon key does.
    expect((await call({ apikey: a.serviceKey }, '/settings')).statusCode).toBe(200);
  });

  it('refuses what is not the key: no apikey, a wrong one, a user’s token beside the key', async () => {
    const none = await call({ authorization: `Bearer ${a.serviceKey}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await call({
      apikey: `${a.serviceKey}x`,
      authorization: `Bearer ${a.serviceKey}x`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid API key' });
    // As behind Supabase's gateway: a user's token is kept, and it is no admin's.
    const asUser = await call({
      apikey: a.serviceKey,
      authorization: `Bearer ${session.access_token}`,
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual(notAdmin);
    const guessed = await call({ apikey: a.anonKey, authorization: 'Bearer sb_secret_guess' });
    expect(guessed.json()).toEqual(notAdmin);
  });

  it('takes our own tokens with an admin role; other roles, foreign and broken tokens are refused', async () => {
    for (const role of ['service_role', 'supabase_admin']) {
      const token = await ownToken(role);
      expect((await call({ apikey: a.anonKey, authorization: `Bearer ${token}` })).statusCode).toBe(
        200,
      );
    }
    const plain = await call({
      apikey: a.anonKey,
      authorization: `Bearer ${await ownToken('authenticated')}`,
    });
    expect(plain.json()).toEqual(notAdmin);
    // An admin-role token naming a session that does not exist is refused as GoTrue refuses it.
    const gone = await ownToken('service_role', { session_id: randomUUID() });
    const stale = await call({ apikey: a.anonKey, authorization: `Bearer ${gone}` });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'user_not_found' });

    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: 'foreign' })
      .setIssuer('http://localhost:8080/auth/v1')
      .setExpirationTime('1m')
      .sign(privateKey);
    for (const token of [foreign, 'not.a.jwt']) {
      const res = await call({ apikey: a.anonKey, authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'bad_jwt' });
    }
  });

  it.each(ENDPOINTS.filter(([method]) => method !== 'GET'))(
    '%s %s: malformed or odd bodies from the service role are a 4xx, never a 5xx',
    async (method, url) => {
      const bodies = [
        '{"email": "a@b.cz",',
        '[]',
        'null',
        '"text"',
        '7',
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
        JSON.stringify({ email: 'a\u0000@b.cz', user_metadata: { x: 'a\u0000' } }),
        `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
      ];
      for (const body of bodies) {
        const res = await a.t.app.inject({
          method,
          url: `/auth/v1${url}`,
          headers: {
            apikey: a.serviceKey,
            authorization: `Bearer ${a.serviceKey}`,
            'content-type': 'application/json',
            ...CURRENT,
          },
          body,
        });
        expect(res.statusCode, `${body} → ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, body).toBeLessThan(500);
        expect(res.json<{ code: string }>().code).toEqual(expect.any(String));
      }
    },
  );

  it('signs a user out (auth.admin.signOut) with the user’s token beside the service-role key', async () => {
    const user = (
      await passwordGrant(a.t, a.anonKey, {
        email: 'bezny@example.cz',
        password: 'dobre-heslo-123',
      })
    ).json<WireSession>();
    const res = await call(
      { apikey: a.serviceKey, authorization: `Bearer ${user.access_token}` },
      '/logout?scope=global',
      'POST',
    );
    expect(res.statusCode).toBe(204);
    expect((await refreshGrant(a.t, a.anonKey, user.refresh_token)).statusCode).toBe(400);
  });
});
