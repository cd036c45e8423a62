import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

const t = useTestApp({ siteUrl: 'http://localhost:8080' });
beforeAll(async () => {
  await confirmedUser(t, 'zapomnel@example.cz', 'stare-heslo-123');
  await confirmedUser(t, 'token@example.cz', 'stare-heslo-123');
});

const recover = (email: unknown, language = 'cs') =>
  t.app.inject({
    method: 'POST',
    url: `/auth/v1/recover?redirect_to=${encodeURIComponent('http://localhost:8080/')}`,
    headers: { apikey: t.apikey, ...CURRENT, 'accept-language': language },
    payload: { email },
  });

const lastLink = (to: string) => {
  const mail = t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};

describe('POST /recover', () => {
  it('answers {} for known and unknown addresses alike, mailing only the known one', async () => {
    const before = t.mail.length;
    const unknown = await recover('nikdo@example.cz');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    expect(t.mail.length).toBe(before);
    const known = await recover('zapomnel@example.cz', 'de-DE');
    expect(known.json()).toEqual({});
    expect(lastLink('zapomnel@example.cz').subject).toBe('Setze dein Parťák-Passwort zurück');
    expect(lastLink('zapomnel@example.cz').link).toContain('type=recovery');
  });

  it('refuses a second mail within a minute and an empty address', async () => {
    expect((await recover('zapomnel@example.cz')).statusCode).toBe(429);
    const empty = await recover('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('the reset link and PUT /user', () => {
  it('signs in for a recovery, sets the new password and ends the other sessions', async () => {
    const other = (
      await passwordGrant(t, t.apikey, {
        email: 'zapomnel@example.cz',
        password: 'stare-heslo-123',
      })
    ).json<WireSession>();
    const url = new URL(lastLink('zapomnel@example.cz').link);
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(303);
    const params = new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
    expect(params.get('type')).toBe('recovery');
    const token = params.get('access_token') ?? '';
    expect((decodeJwt(token).amr as { method: string }[])[0]?.method).toBe('recovery');

    const put = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${token}` },
        payload: { password },
      });
    expect((await put('kratke')).json()).toMatchObject({ code: 'weak_password' });
    expect((await put('stare-heslo-123')).json()).toMatchObject({ code: 'same_password' });
    const changed = await put('nove-heslo-456');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'zapomnel@example.cz' });

    expect(
      (
        await passwordGrant(t, t.apikey, {
          email: 'zapomnel@example.cz',
          password: 'stare-heslo-123',
        })
      ).json(),
    ).toMatchObject({ code: 'invalid_credentials' });
    expect(
      (
        await passwordGrant(t, t.apikey, {
          email: 'zapomnel@example.cz',
          password: 'nove-heslo-456',
        })
      ).statusCode,
    ).toBe(200);
    const otherNow = await t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey: t.apikey, authorization: `Bearer ${other.access_token}` },
    });
    expect(otherNow.json()).toMatchObject({ error_code: 'session_not_found' });
    const mine = await t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey: t.apikey, authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('updates user metadata', async () => {
    const session = (
      await passwordGrant(t, t.apikey, { email: 'token@example.cz', password: 'stare-heslo-123' })
    ).json<WireSession>();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
      payload: { data: { name: 'Tomáš' } },
    });
    expect(res.json()).toMatchObject({ user_metadata: { name: 'Tomáš' } });
  });
});

describe('POST /verify', () => {
  it('exchanges a link token for a session once', async () => {
    await recover('token@example.cz');
    const token = new URL(lastLink('token@example.cz').link).searchParams.get('token');
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        headers: { apikey: t.apikey, ...CURRENT },
        payload: { token_hash: token, type: 'recovery' },
      });
    const first = await verify();
    expect(first.statusCode).toBe(200);
    expect(first.json<WireSession>().user).toMatchObject({ email: 'token@example.cz' });
    const again = await verify();
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('validates the type and the token', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        headers: { apikey: t.apikey, ...CURRENT },
        payload,
      });
    expect((await post({ token_hash: 'x', type: 'nonsense' })).json()).toMatchObject({
      code: 'validation_failed',
    });
    expect((await post({ type: 'recovery' })).json()).toMatchObject({ code: 'validation_failed' });
  });
});
