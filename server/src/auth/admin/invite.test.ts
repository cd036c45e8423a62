import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../../../test/admin-helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';

const SITE = 'http://localhost:8080';

describe.each(databaseKinds())('POST /invite on $name', ({ open }) => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await adminTestApp(open);
    await confirmedUser(a.t, 'clen@example.cz', 'dobre-heslo-123');
  });
  afterAll(() => a.close());

  const invite = (body: unknown, headers: Record<string, string> = {}, query = '') =>
    a.admin('POST', `/invite${query}`, body, headers);
  const mailTo = (to: string) => a.t.mail.filter((mail) => mail.to === to);

  it('makes an unconfirmed user and mails an invitation in Czech with the link and a code', async () => {
    const res = await invite(
      { email: 'Pozvanka@Example.cz', data: { role: 'mentor' } },
      {},
      `?redirect_to=${encodeURIComponent(`${SITE}/vitej`)}`,
    );
    expect(res.statusCode).toBe(200);
    const user = res.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email: 'pozvanka@example.cz',
      user_metadata: { role: 'mentor' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(user.invited_at).toEqual(expect.any(String));
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user.email_confirmed_at).toBeUndefined();

    const [mail] = mailTo('pozvanka@example.cz');
    expect(mail?.subject).toBe('Pozvánka do Parťáka');
    const link = new URL(mail?.link ?? '');
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/vitej`);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.text).toMatch(/kód: \d{6}\n/);
    expect(mail?.html).toMatch(/>\d{6}<\/strong>/);
  });

  it('the link confirms and signs the invited user in, who then sets a password', async () => {
    const mail = mailTo('pozvanka@example.cz').at(-1);
    const url = new URL(mail?.link ?? '');
    const res = await a.t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/vitej');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const token = fragment.get('access_token') ?? '';
    const set = await a.t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: a.anonKey, ...CURRENT, authorization: `Bearer ${token}` },
      payload: { password: 'moje-nove-heslo' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email_confirmed_at: expect.any(String) });
    const signedIn = await passwordGrant(a.t, a.anonKey, {
      email: 'pozvanka@example.cz',
      password: 'moje-nove-heslo',
    });
    expect(signedIn.json<WireSession>().user).toMatchObject({ email: 'pozvanka@example.cz' });
  });

  it('invites an unconfirmed user again, in the language asked for; only the newest link works', async () => {
    await invite({ email: 'znovu@example.cz' });
    const again = await invite({ email: 'znovu@example.cz' }, { 'accept-language': 'de-DE' });
    expect(again.statusCode).toBe(200);
    const [first, second] = mailTo('znovu@example.cz');
    expect(second?.subject).toBe('Deine Einladung zu Parťák');
    const open = (link: string | undefined) => {
      const url = new URL(link ?? '');
      return a.t.app.inject({ url: `${url.pathname}${url.search}` });
    };
    const stale = new URL(String((await open(first?.link)).headers.location));
    expect(new URLSearchParams(stale.hash.slice(1)).get('error_code')).toBe('otp_expired');
    const fresh = new URL(String((await open(second?.link)).headers.location));
    expect(new URLSearchParams(fresh.hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it.each([
    [
      { email: 'clen@example.cz' },
      422,
      'email_exists',
      'A user with this email address has already been registered',
    ],
    [{}, 400, 'validation_failed', 'An email address is required'],
    [
      { email: 'neplatny' },
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ],
    [
      { email: 'a@b.cz', data: 'text' },
      400,
      'bad_json',
      'Could not parse request body as JSON: json: cannot unmarshal string into Go struct field InviteParams.data of type map[string]interface {}',
    ],
    [
      '"text"',
      400,
      'bad_json',
      'Could not parse request body as JSON: json: cannot unmarshal string into Go value of type api.InviteParams',
    ],
  ])('refuses %j with %i %s, sending nothing', async (body, status, code, message) => {
    const before = a.t.mail.length;
    const raw: Record<string, string> =
      typeof body === 'string' ? { 'content-type': 'application/json' } : {};
    const res = await invite(body, raw);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message });
    expect(a.t.mail.length).toBe(before);
  });
});
