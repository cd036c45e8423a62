import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { identities, oneTimeTokens, users } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import {
  authOptions,
  codeIn,
  lastSmsTo,
  minuteLater,
  post,
  useAppOn,
  wrongCode,
} from '../../../test/otp-helpers.ts';

const TEST_NUMBER = '1234567890';

/** The body supabase-js sends for `signInWithOtp({ phone })`. */
const asClient = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  data: {},
  create_user: true,
  gotrue_meta_security: {},
  channel: 'sms',
  ...extra,
});

describe.each(databaseKinds())('phone sign-in with a texted code on $name', ({ open }) => {
  const app = useAppOn(open, {
    auth: authOptions({ smsTestOtp: { [TEST_NUMBER]: '123456' } }),
  });
  const otp = (payload: unknown) => post(app.t, app.apikey, '/otp', payload);
  const verify = (payload: unknown) => post(app.t, app.apikey, '/verify', payload);
  const userOf = async (phone: string) =>
    (await app.t.database.db.select().from(users).where(eq(users.phone, phone)))[0];

  it('a new number: the account is made, a code texted in Czech; the code signs in and confirms the number', async () => {
    const res = await otp(asClient('+420 777 123 456', { data: { name: 'Telefon' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const sms = lastSmsTo(app.t, '+420777123456');
    expect(sms.message).toMatch(/^Tvůj ověřovací kód pro Parťáka: \d{6}\. Nikomu ho neříkej\.$/);
    const user = await userOf('420777123456');
    expect(user).toMatchObject({ phoneConfirmedAt: null, email: null, encryptedPassword: null });
    expect(user?.userMetadata).toEqual({ name: 'Telefon' });

    const signedIn = await verify({
      phone: '+420777123456',
      token: codeIn(sms.message),
      type: 'sms',
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<WireSession>();
    expect(session.user).toMatchObject({
      phone: '420777123456',
      email: '',
      phone_confirmed_at: expect.any(String),
      app_metadata: { provider: 'phone', providers: ['phone'] },
      identities: [
        expect.objectContaining({
          provider: 'phone',
          identity_data: expect.objectContaining({ phone: '420777123456', phone_verified: true }),
        }),
      ],
    });
    const claims = decodeJwt(session.access_token);
    expect(claims.phone).toBe('420777123456');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('otp');
    // Used once.
    const again = await verify({ phone: '420777123456', token: codeIn(sms.message), type: 'sms' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('a known number: one text a minute (429 over_sms_send_rate_limit), then a new code; the old one is void', async () => {
    await otp(asClient('420777000222'));
    const first = codeIn(lastSmsTo(app.t, '+420777000222').message);
    expect((await verify({ phone: '420777000222', token: first, type: 'sms' })).statusCode).toBe(
      200,
    );

    const user = await userOf('420777000222');
    await minuteLater(app.t, user?.id ?? '');
    expect((await otp(asClient('420777000222'))).json()).toEqual({});
    const soon = await otp(asClient('420777000222'));
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'over_sms_send_rate_limit' });
    expect(soon.json().message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    const second = codeIn(lastSmsTo(app.t, '+420777000222').message);
    const wrong = await verify({ phone: '420777000222', token: wrongCode(second), type: 'sms' });
    expect(wrong.statusCode).toBe(403);
    expect((await verify({ phone: '420777000222', token: second, type: 'sms' })).statusCode).toBe(
      200,
    );
  });

  it('a code lasts a minute', async () => {
    await otp(asClient('420777000333'));
    const code = codeIn(lastSmsTo(app.t, '+420777000333').message);
    const [row] = await app.t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.relatesTo, '420777000333'));
    expect(row?.tokenType).toBe('phone_otp');
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60_000);
    await app.t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.relatesTo, '420777000333'));
    expect((await verify({ phone: '420777000333', token: code, type: 'sms' })).statusCode).toBe(
      403,
    );
  });

  it('AUTH_SMS_TEST_OTP: no text to a test number, and its fixed code always works', async () => {
    const before = app.t.sms.length;
    expect((await otp(asClient(TEST_NUMBER))).json()).toEqual({});
    expect(app.t.sms.length).toBe(before);
    for (let round = 0; round < 2; round += 1) {
      const res = await verify({ phone: TEST_NUMBER, token: '123456', type: 'sms' });
      expect(res.statusCode).toBe(200);
    }
    expect((await verify({ phone: TEST_NUMBER, token: '654321', type: 'sms' })).statusCode).toBe(
      403,
    );
    const user = await userOf(TEST_NUMBER);
    await minuteLater(app.t, user?.id ?? '');
    // An existing account: GoTrue names the test message.
    expect((await otp(asClient(`+${TEST_NUMBER}`))).json()).toEqual({ message_id: 'test-otp' });
    expect((await otp(asClient(TEST_NUMBER))).statusCode).toBe(429);
    expect(app.t.sms.length).toBe(before);
  });

  it('create_user: false and bad input', async () => {
    const cases: [unknown, number, string, string?][] = [
      [
        asClient('420777999888', { create_user: false }),
        422,
        'otp_disabled',
        'Signups not allowed for otp',
      ],
      [asClient('777', { create_user: false }), 422, 'otp_disabled'],
      [
        asClient('+0777123456'),
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
      [
        asClient('+420 abc'),
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
      [asClient('420777123456', { channel: 'whatsapp' }), 400, 'validation_failed'],
      [asClient('420777123456', { channel: 7 }), 400, 'bad_json'],
      [{ phone: 420777123456 }, 400, 'bad_json'],
    ];
    for (const [payload, status, code, message] of cases) {
      const res = await otp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code, ...(message ? { message } : {}) });
    }
    expect(await userOf('420777999888')).toBeUndefined();
  });

  it('POST /verify with a phone: GoTrue’s refusals', async () => {
    const cases: [unknown, number, string, string][] = [
      [
        { phone: 'abc', token: '123456', type: 'sms' },
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
      [
        { phone: TEST_NUMBER, email: 'a@b.cz', token: '123456', type: 'sms' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      ],
      [
        { phone: TEST_NUMBER, token: '123456', type: 'signup' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [
        { phone: TEST_NUMBER, token: '123456', type: 'nonsense' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [
        { phone: '420111222333', token: '123456', type: 'sms' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [
        { phone: TEST_NUMBER, token: '123456', type: 'phone_change' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
    ];
    for (const [payload, status, code, message] of cases) {
      const res = await verify(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code, message });
    }
  });

  it('PUT /user with a new number: a code to that number moves the account there once it comes back', async () => {
    await confirmedUser(app.t, 'cislo@example.cz', 'dobre-heslo-123');
    const session = (
      await passwordGrant(app.t, app.apikey, {
        email: 'cislo@example.cz',
        password: 'dobre-heslo-123',
      })
    ).json<WireSession>();
    const update = (phone: string) =>
      app.t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: { apikey: app.apikey, authorization: `Bearer ${session.access_token}` },
        payload: { phone },
      });
    const res = await update('+420 608 111 222');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'cislo@example.cz',
      phone: '',
      new_phone: '420608111222',
      phone_change_sent_at: expect.any(String),
    });
    const code = codeIn(lastSmsTo(app.t, '+420608111222').message);
    // The code belongs to the new number: with another one, or as `sms`, it is nothing.
    expect((await verify({ phone: '420608111222', token: code, type: 'sms' })).statusCode).toBe(
      403,
    );
    const moved = await verify({ phone: '420608111222', token: code, type: 'phone_change' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<WireSession>().user).toMatchObject({
      email: 'cislo@example.cz',
      phone: '420608111222',
      phone_confirmed_at: expect.any(String),
    });
    const phoneIdentity = await app.t.database.db
      .select()
      .from(identities)
      .where(eq(identities.provider, 'phone'));
    expect(phoneIdentity.some((row) => row.userId === moved.json<WireSession>().user.id)).toBe(
      true,
    );

    // A number another account has is refused; a malformed one too.
    const taken = await update('420777123456');
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      error_code: 'phone_exists',
      msg: 'A user with this phone number has already been registered',
    });
    expect((await update('+42 abc')).statusCode).toBe(400);
  });

  it('guessing: past the limit of wrong codes for one number, even the right one waits (429)', async () => {
    await otp(asClient('420777444555'));
    const code = codeIn(lastSmsTo(app.t, '+420777444555').message);
    // signInFailures: 10 tries in 15 minutes (DEFAULT_RATE_LIMITS).
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await verify({ phone: '420777444555', token: wrongCode(code), type: 'sms' });
      expect(res.statusCode).toBe(403);
    }
    const refused = await verify({ phone: '420777444555', token: code, type: 'sms' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
