import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessVerifier } from '../auth/tokens/access-verifier.ts';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { useTestApp } from '../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../test/auth-helpers.ts';
import { requireUser, userOf } from './require-user.ts';

const t = useTestApp();
let api: FastifyInstance;
let session: WireSession;

beforeAll(async () => {
  await confirmedUser(t, 'ema@example.cz', 'dobre-heslo-123');
  session = (
    await passwordGrant(t, t.apikey, { email: 'ema@example.cz', password: 'dobre-heslo-123' })
  ).json<WireSession>();
  // A scope shaped like the data API's (per-user routes come with sync), on the same database.
  api = Fastify();
  registerErrorHandler(api);
  api.decorateRequest('user', null);
  api.addHook(
    'preHandler',
    requireUser(
      createAccessVerifier(t.database.db, {
        issuer: `${t.config.siteUrl}/auth/v1`,
        tokenLifetimeSeconds: t.config.jwtExpSeconds,
      }),
    ),
  );
  api.get('/me', async (request) => ({ id: userOf(request).record.user.id }));
});
afterAll(() => api.close());

const me = (token?: string) =>
  api.inject({ url: '/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('requireUser', () => {
  it('lets a valid access token from /auth/v1 through, as its user', async () => {
    const res = await me(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: (session.user as { id: string }).id });
  });

  it('refuses a request without a token with 401 no_authorization in the API shape', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  it('refuses a forged or garbled token with 403 bad_jwt', async () => {
    const [header, payload] = session.access_token.split('.');
    for (const token of ['not.a.jwt', `${header}.${payload}.c2lnbmF0dXJl`]) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'bad_jwt' });
    }
  });

  it('refuses the token of a session that has signed out, at once', async () => {
    const other = (
      await passwordGrant(t, t.apikey, { email: 'ema@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    expect((await me(other.access_token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${other.access_token}` },
    });
    const res = await me(other.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('refuses a token issued to a third-party app by the OAuth server', async () => {
    const [row] = await t.database.db
      .update(sessions)
      .set({ oauthClientId: '5f1c7e2a-3b4d-4c6e-8f90-a1b2c3d4e5f6', scopes: 'email' })
      .where(eq(sessions.userId, (session.user as { id: string }).id))
      .returning();
    expect(row).toBeDefined();
    const res = await me(session.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'bad_jwt' });
    await t.database.db
      .update(sessions)
      .set({ oauthClientId: null, scopes: null })
      .where(eq(sessions.userId, (session.user as { id: string }).id));
    expect((await me(session.access_token)).statusCode).toBe(200);
  });
});
