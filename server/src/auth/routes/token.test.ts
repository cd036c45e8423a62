import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { createEmailUser } from '../users/users-repository.ts';
import { hashPassword } from '../users/passwords.ts';

const t = useTestApp({ refreshReuseSeconds: 10 });
beforeAll(async () => {
  await confirmedUser(t, 'jana@example.cz', 'dobre-heslo-123');
  await createEmailUser(t.database.db, {
    email: 'petr@example.cz',
    passwordHash: await hashPassword('dobre-heslo-123'),
  });
});

describe('POST /token?grant_type=password', () => {
  it('signs in with the exact session shape and the contract claims', async () => {
    const res = await passwordGrant(t, t.apikey, {
      email: ' Jana@Example.cz ',
      password: 'dobre-heslo-123',
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<WireSession>();
    expect(Object.keys(session).sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(Object.keys(session.user).sort()).toEqual([
      'app_metadata',
      'aud',
      'confirmed_at',
      'created_at',
      'email',
      'email_confirmed_at',
      'id',
      'identities',
      'is_anonymous',
      'last_sign_in_at',
      'phone',
      'role',
      'updated_at',
      'user_metadata',
    ]);
    expect(session.user).toMatchObject({
      email: 'jana@example.cz',
      phone: '',
      aud: 'authenticated',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims).sort()).toEqual([
      'aal',
      'amr',
      'app_metadata',
      'aud',
      'email',
      'exp',
      'iat',
      'is_anonymous',
      'iss',
      'phone',
      'role',
      'session_id',
      'sub',
      'user_metadata',
    ]);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: 'jana@example.cz',
    });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    expect(session.expires_at).toBe(claims.exp);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await passwordGrant(t, t.apikey, {
      email: 'jana@example.cz',
      password: 'spatne-heslo',
    });
    const unknown = await passwordGrant(t, t.apikey, {
      email: 'nikdo@example.cz',
      password: 'dobre-heslo-123',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        error_code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses an unconfirmed email', async () => {
    const res = await passwordGrant(t, t.apikey, {
      email: 'petr@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('validates what identifies the user', async () => {
    expect((await passwordGrant(t, t.apikey, { password: 'x' })).json()).toMatchObject({
      code: 'validation_failed',
      message: 'missing email or phone',
    });
    expect(
      (
        await passwordGrant(t, t.apikey, { email: 'a@b.cz', phone: '+420777000111', password: 'x' })
      ).json(),
    ).toMatchObject({ code: 'validation_failed' });
    expect((await passwordGrant(t, t.apikey, { email: 42, password: 'x' })).statusCode).toBe(400);
  });

  it('answers malformed JSON with bad_json and an unknown grant with invalid_credentials', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        apikey: t.apikey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_json' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=magic',
      headers: { apikey: t.apikey, 'x-supabase-api-version': '2024-01-01' },
      payload: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });
});

describe('POST /token?grant_type=refresh_token', () => {
  async function signIn(): Promise<WireSession> {
    return (
      await passwordGrant(t, t.apikey, { email: 'jana@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
  }

  it('rotates the refresh token on every use and keeps the session', async () => {
    const first = await signIn();
    const res = await refreshGrant(t, t.apikey, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json<WireSession>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(
      decodeJwt(first.access_token).session_id,
    );
    const third = (await refreshGrant(t, t.apikey, second.refresh_token)).json<WireSession>();
    expect(third.refresh_token).not.toBe(second.refresh_token);
  });

  it('gives a racing second tab the current token within the reuse interval', async () => {
    const first = await signIn();
    const a = (await refreshGrant(t, t.apikey, first.refresh_token)).json<WireSession>();
    const b = await refreshGrant(t, t.apikey, first.refresh_token);
    expect(b.statusCode).toBe(200);
    expect(b.json<WireSession>().refresh_token).toBe(a.refresh_token);
    // The session goes on with the shared token.
    expect((await refreshGrant(t, t.apikey, a.refresh_token)).statusCode).toBe(200);
  });

  it('ends the whole session when an old token is used again beyond the interval', async () => {
    const first = await signIn();
    const second = (await refreshGrant(t, t.apikey, first.refresh_token)).json<WireSession>();
    const third = (await refreshGrant(t, t.apikey, second.refresh_token)).json<WireSession>();
    // `first` is now two rotations old: not the parent of the live token, so it was copied.
    const reused = await refreshGrant(t, t.apikey, first.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const after = await refreshGrant(t, t.apikey, third.refresh_token);
    expect(after.json()).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('refuses unknown, malformed and missing tokens with their codes', async () => {
    expect((await refreshGrant(t, t.apikey, 'x'.repeat(43))).json()).toMatchObject({
      code: 'refresh_token_not_found',
    });
    expect((await refreshGrant(t, t.apikey, 'short')).json()).toMatchObject({
      code: 'validation_failed',
      message: 'Refresh token is not valid',
    });
    const missing = await refreshGrant(t, t.apikey, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});
