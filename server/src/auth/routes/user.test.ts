import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

const t = useTestApp();
let session: WireSession;
beforeAll(async () => {
  await confirmedUser(t, 'eva@example.cz', 'dobre-heslo-123');
  session = (
    await passwordGrant(t, t.apikey, { email: 'eva@example.cz', password: 'dobre-heslo-123' })
  ).json<WireSession>();
});

const getUser = (token?: string) =>
  t.app.inject({
    url: '/auth/v1/user',
    headers: {
      apikey: t.apikey,
      ...CURRENT,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('GET /user', () => {
  it('returns the bare user for a valid access token', async () => {
    const res = await getUser(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(session.user);
  });

  it('asks for a token when there is none', async () => {
    const res = await getUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('refuses garbage and tokens signed by someone else with bad_jwt', async () => {
    expect((await getUser('not.a.jwt')).json()).toMatchObject({ code: 'bad_jwt' });
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({
      sub: session.user.id as string,
      session_id: '00000000-0000-4000-8000-000000000000',
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'forged' })
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await getUser(forged);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('POST /logout', () => {
  const logout = (token: string, scope?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/auth/v1/logout${scope ? `?scope=${scope}` : ''}`,
      headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${token}` },
    });

  it('ends the session: its access token and refresh token stop working at once', async () => {
    const mine = (
      await passwordGrant(t, t.apikey, { email: 'eva@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    const res = await logout(mine.access_token, 'local');
    expect(res.statusCode).toBe(204);
    expect((await getUser(mine.access_token)).json()).toMatchObject({ code: 'session_not_found' });
    expect((await refreshGrant(t, t.apikey, mine.refresh_token)).json()).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });

  it('scope=others keeps this session and ends the rest; global ends all', async () => {
    const a = (
      await passwordGrant(t, t.apikey, { email: 'eva@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    const b = (
      await passwordGrant(t, t.apikey, { email: 'eva@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    expect((await logout(a.access_token, 'others')).statusCode).toBe(204);
    expect((await getUser(a.access_token)).statusCode).toBe(200);
    expect((await getUser(b.access_token)).statusCode).toBe(403);
    expect((await logout(a.access_token)).statusCode).toBe(204);
    expect((await getUser(a.access_token)).statusCode).toBe(403);
  });

  it('refuses an unknown scope', async () => {
    const c = (
      await passwordGrant(t, t.apikey, { email: 'eva@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    const res = await logout(c.access_token, 'everything');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
