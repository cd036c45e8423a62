import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { expectRefusals, type RefusalCase } from '../../../test/refusals.ts';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import {
  codeIn,
  fragmentOf,
  lastMailTo,
  lastSmsTo,
  minuteLater,
  openLink,
  post,
  useAppOn,
} from '../../../test/otp-helpers.ts';

describe.each(databaseKinds())('POST /resend on $name', ({ open }) => {
  const app = useAppOn(open);
  const resend = (payload: unknown, query = '') =>
    post(app.t, app.apikey, `/resend${query}`, payload);
  const verify = (payload: unknown) => post(app.t, app.apikey, '/verify', payload);
  const idOf = async (email: string) =>
    (await app.t.database.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? '';
  const signUp = (email: string) =>
    post(app.t, app.apikey, '/signup', { email, password: 'dobre-heslo-123' });

  it('signup: a new confirmation (link and code) for an unconfirmed account; the earlier one is void', async () => {
    await signUp('pomaly@example.cz');
    const first = lastMailTo(app.t, 'pomaly@example.cz');
    const soon = await resend({ type: 'signup', email: 'pomaly@example.cz' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'over_email_send_rate_limit' });

    await minuteLater(app.t, await idOf('pomaly@example.cz'));
    const res = await resend({
      type: 'signup',
      email: 'Pomaly@Example.cz',
      gotrue_meta_security: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const second = lastMailTo(app.t, 'pomaly@example.cz');
    expect(second.link).not.toBe(first.link);
    expect(second.subject).toBe('Potvrď svůj e-mail v Parťákovi');
    expect(fragmentOf(await openLink(app.t, first.link)).get('error_code')).toBe('otp_expired');
    const signedIn = await verify({
      email: 'pomaly@example.cz',
      token: codeIn(second.text),
      type: 'signup',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<WireSession>().user).toMatchObject({
      email_confirmed_at: expect.any(String),
    });
  });

  it('answers {} and sends nothing for unknown addresses and confirmed accounts', async () => {
    await confirmedUser(app.t, 'hotovo@example.cz', 'dobre-heslo-123');
    const before = app.t.mail.length;
    for (const payload of [
      { type: 'signup', email: 'nikdo@example.cz' },
      { type: 'signup', email: 'hotovo@example.cz' },
      { type: 'email_change', email: 'hotovo@example.cz' },
      { type: 'sms', phone: '420777123456' },
      { type: 'phone_change', phone: '420777123456' },
    ]) {
      const res = await resend(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json()).toEqual({});
    }
    expect(app.t.mail.length).toBe(before);
  });

  it('signup with PKCE: the new link leads to an auth code', async () => {
    await signUp('pkce-znovu@example.cz');
    await minuteLater(app.t, await idOf('pkce-znovu@example.cz'));
    const verifier = randomBytes(56).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await resend({
      type: 'signup',
      email: 'pkce-znovu@example.cz',
      code_challenge: challenge,
      code_challenge_method: 's256',
    });
    const location = await openLink(app.t, lastMailTo(app.t, 'pkce-znovu@example.cz').link);
    const exchanged = await post(app.t, app.apikey, '/token?grant_type=pkce', {
      auth_code: location.searchParams.get('code'),
      code_verifier: verifier,
    });
    expect(exchanged.statusCode).toBe(200);
  });

  it('email_change: both mails again, with new codes that finish the change', async () => {
    await confirmedUser(app.t, 'mena@example.cz', 'dobre-heslo-123');
    const session = (
      await passwordGrant(app.t, app.apikey, {
        email: 'mena@example.cz',
        password: 'dobre-heslo-123',
      })
    ).json<WireSession>();
    await app.t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: app.apikey, authorization: `Bearer ${session.access_token}` },
      payload: { email: 'nova-mena@example.cz' },
    });
    expect((await resend({ type: 'email_change', email: 'mena@example.cz' })).statusCode).toBe(429);
    await minuteLater(app.t, session.user.id as string);
    expect((await resend({ type: 'email_change', email: 'mena@example.cz' })).json()).toEqual({});
    const toOld = codeIn(lastMailTo(app.t, 'mena@example.cz').text);
    const toNew = codeIn(lastMailTo(app.t, 'nova-mena@example.cz').text);
    const half = await verify({
      email: 'nova-mena@example.cz',
      token: toNew,
      type: 'email_change',
    });
    expect(half.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    const done = await verify({ email: 'mena@example.cz', token: toOld, type: 'email_change' });
    expect(done.json<WireSession>().user).toMatchObject({ email: 'nova-mena@example.cz' });
  });

  it('sms and phone_change: a new code to the number (one a minute)', async () => {
    await post(app.t, app.apikey, '/otp', { phone: '420777321321' });
    const soon = await resend({ type: 'sms', phone: '+420777321321' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'over_sms_send_rate_limit' });
    const [user] = await app.t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, '420777321321'));
    await minuteLater(app.t, user?.id ?? '');
    expect((await resend({ type: 'sms', phone: '420777321321' })).json()).toEqual({});
    const code = codeIn(lastSmsTo(app.t, '+420777321321').message);
    const session = (
      await verify({ phone: '420777321321', token: code, type: 'sms' })
    ).json<WireSession>();

    await app.t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: app.apikey, authorization: `Bearer ${session.access_token}` },
      payload: { phone: '420608000999' },
    });
    await minuteLater(app.t, session.user.id as string);
    expect((await resend({ type: 'phone_change', phone: '420777321321' })).json()).toEqual({});
    const changeCode = codeIn(lastSmsTo(app.t, '+420608000999').message);
    const moved = await verify({ phone: '420608000999', token: changeCode, type: 'phone_change' });
    expect(moved.json<WireSession>().user).toMatchObject({ phone: '420608000999' });
  });

  it('refuses bad input with GoTrue’s answers', async () => {
    const cases: RefusalCase[] = [
      [
        {},
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      ],
      [
        { type: 'magiclink', email: 'a@b.cz' },
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      ],
      [{ type: 'signup' }, 400, 'validation_failed', 'Type provided requires an email address'],
      [{ type: 'sms' }, 400, 'validation_failed', 'Type provided requires a phone number'],
      [{ type: 'email_change' }, 400, 'validation_failed', 'Missing email address or phone number'],
      [
        { type: 'signup', email: 'a@b.cz', phone: '420777123456' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided.',
      ],
      [
        { type: 'signup', email: 'neni-adresa' },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { type: 'sms', phone: 'abc' },
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
      [
        {
          type: 'signup',
          email: 'a@b.cz',
          code_challenge: 'kratka',
          code_challenge_method: 's256',
        },
        400,
        'validation_failed',
      ],
      [{ type: 7, email: 'a@b.cz' }, 400, 'bad_json'],
      [['text'], 400, 'bad_json'],
    ];
    await expectRefusals(resend, cases);
  });
});
