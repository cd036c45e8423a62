import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { hashPassword } from '../users/passwords.ts';
import { INVALID_CHANNEL } from '../verification/phone-change.ts';
import { createPhoneUser } from '../users/phone-users.ts';
import type { WireSession } from '../../../test/auth-helpers.ts';
import { appWithOptions } from '../../../test/auth-options.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { expectRefusals, type RefusalCase } from '../../../test/refusals.ts';
import {
  authOptions,
  codeIn,
  lastSmsTo,
  minuteLater,
  post,
  ROOMY_LIMITS,
  useAppOn,
} from '../../../test/otp-helpers.ts';

const PASSWORD = 'dobre-heslo-123';

/** The body supabase-js sends for `signUp({ phone, password, options })`. */
const asClient = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  password: PASSWORD,
  data: {},
  channel: 'sms',
  gotrue_meta_security: {},
  ...extra,
});

describe.each(databaseKinds())('phone sign-up with a password on $name', ({ open }) => {
  describe('numbers confirmed by a texted code', () => {
    const app = useAppOn(open, {
      // Few wrong passwords per number, and no waiting before the answers.
      rateLimits: { ...ROOMY_LIMITS, signInFailures: { max: 3, windowSeconds: 900 } },
      auth: authOptions({}),
    });
    const signup = (payload: unknown) => post(app.t, app.apikey, '/signup', payload);
    const verify = (payload: unknown) => post(app.t, app.apikey, '/verify', payload);
    const signIn = (payload: unknown) =>
      post(app.t, app.apikey, '/token?grant_type=password', payload);
    const userOf = async (phone: string) =>
      (await app.t.database.db.select().from(users).where(eq(users.phone, phone)))[0];

    it('a new number: the bare user back and a code texted; only the code confirms it, then the password signs in', async () => {
      const res = await signup(asClient('+420 777 100 200', { data: { name: 'Mobil' } }));
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('access_token');
      expect(body).not.toHaveProperty('phone_confirmed_at');
      expect(body).toMatchObject({
        phone: '420777100200',
        email: '',
        confirmation_sent_at: expect.any(String),
        user_metadata: { name: 'Mobil' },
        app_metadata: { provider: 'phone', providers: ['phone'] },
        identities: [
          expect.objectContaining({
            provider: 'phone',
            identity_data: expect.objectContaining({ phone_verified: false }),
          }),
        ],
      });
      const sms = lastSmsTo(app.t, '+420777100200');
      expect(sms.message).toMatch(/^Tvůj ověřovací kód pro Parťáka: \d{6}\./);
      expect((await userOf('420777100200'))?.encryptedPassword).toMatch(/^\$argon2id\$/);

      const early = await signIn({ phone: '+420777100200', password: PASSWORD });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({
        code: 'phone_not_confirmed',
        message: 'Phone not confirmed',
      });

      const verified = await verify({
        phone: '420777100200',
        token: codeIn(sms.message),
        type: 'sms',
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json<WireSession>().user.phone_confirmed_at).toEqual(expect.any(String));

      const res2 = await signIn({ phone: '+420 777 100 200', password: PASSWORD });
      expect(res2.statusCode).toBe(200);
      const session = res2.json<WireSession>();
      expect(session.user).toMatchObject({
        phone: '420777100200',
        email: '',
        phone_confirmed_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        app_metadata: { provider: 'phone' },
      });
      const claims = decodeJwt(session.access_token);
      expect(claims.phone).toBe('420777100200');
      expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    });

    it('an unconfirmed number again: one text a minute, then a new code; its password stays', async () => {
      const first = await signup(asClient('420777100300'));
      expect(first.statusCode).toBe(200);
      const soon = await signup(asClient('420777100300', { password: 'jine-heslo-456' }));
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({
        code: 'over_sms_send_rate_limit',
        message: expect.stringMatching(
          /^For security purposes, you can only request this after \d+ seconds\.$/,
        ),
      });
      const user = await userOf('420777100300');
      if (!user) throw new Error('no user');
      await minuteLater(app.t, user.id);
      const again = await signup(asClient('420777100300', { password: 'jine-heslo-456' }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: user.id });
      const code = codeIn(lastSmsTo(app.t, '+420777100300').message);
      expect((await verify({ phone: '420777100300', token: code, type: 'sms' })).statusCode).toBe(
        200,
      );
      const other = await signIn({ phone: '420777100300', password: 'jine-heslo-456' });
      expect(other.json()).toMatchObject({ code: 'invalid_credentials' });
      expect((await signIn({ phone: '420777100300', password: PASSWORD })).statusCode).toBe(200);
    });

    it('a confirmed number: a look-alike user, no text, nothing changed', async () => {
      await signup(asClient('420777100400'));
      const code = codeIn(lastSmsTo(app.t, '+420777100400').message);
      await verify({ phone: '420777100400', token: code, type: 'sms' });
      const owner = await userOf('420777100400');
      const texts = app.t.sms.length;

      const res = await signup(asClient('+420777100400', { password: 'jine-heslo-456' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        phone: '420777100400',
        email: '',
        identities: [],
        app_metadata: { provider: 'phone', providers: ['phone'] },
      });
      expect(res.json<{ id: string }>().id).not.toBe(owner?.id);
      expect(app.t.sms.length).toBe(texts);
      expect(await userOf('420777100400')).toEqual(owner);
      const repeated = await app.t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.userId, owner?.id ?? ''), eq(auditLog.action, 'user_repeated_signup')),
        );
      expect(repeated).toHaveLength(1);
    });

    it('refuses bad sign-ups with GoTrue’s 4xx, making no account and sending no text', async () => {
      const users0 = (await app.t.database.db.select().from(users)).length;
      const texts = app.t.sms.length;
      const cases: RefusalCase[] = [
        [{ phone: '420777100500' }, 400, 'validation_failed', 'Signup requires a valid password'],
        [
          asClient('420777100500', { password: 'kratke' }),
          422,
          'weak_password',
          expect.any(String),
        ],
        [asClient('abc'), 400, 'validation_failed', 'Invalid phone number format (E.164 required)'],
        [
          asClient('+0420777100500'),
          400,
          'validation_failed',
          'Invalid phone number format (E.164 required)',
        ],
        [
          asClient('4207771005001234'),
          400,
          'validation_failed',
          'Invalid phone number format (E.164 required)',
        ],
        [
          asClient('420777100500', { channel: 'whatsapp' }),
          400,
          'validation_failed',
          INVALID_CHANNEL,
        ],
        [asClient('420777100500', { channel: 'fax' }), 400, 'validation_failed', INVALID_CHANNEL],
        [
          asClient('420777100500', {
            code_challenge: 'a'.repeat(43),
            code_challenge_method: 's256',
          }),
          400,
          'validation_failed',
          'PKCE not supported for phone signups',
        ],
        [
          asClient('420777100500', { code_challenge_method: 's256' }),
          400,
          'validation_failed',
          'PKCE flow requires code_challenge_method and code_challenge',
        ],
        [
          asClient('420777100500', { email: 'a@b.cz' }),
          400,
          'validation_failed',
          'Only an email address or phone number should be provided on signup.',
        ],
        [
          asClient('420777100500', { data: 'text' }),
          400,
          'validation_failed',
          'Invalid signup request',
        ],
        [
          { phone: 420777100500, password: PASSWORD },
          400,
          'validation_failed',
          'Invalid signup request',
        ],
      ];
      await expectRefusals(signup, cases);
      expect((await app.t.database.db.select().from(users)).length).toBe(users0);
      expect(app.t.sms.length).toBe(texts);
    });

    it('signs in by number as carefully as by address: one answer for an unknown number and a wrong password', async () => {
      await signup(asClient('420777100600'));
      const code = codeIn(lastSmsTo(app.t, '+420777100600').message);
      await verify({ phone: '420777100600', token: code, type: 'sms' });
      // A number that signed in by code only has no password to match.
      await post(app.t, app.apikey, '/otp', { phone: '420777100601', create_user: true });
      const cases: RefusalCase[] = [
        [
          { phone: '420777100600', password: 'spatne-heslo' },
          400,
          'invalid_credentials',
          'Invalid login credentials',
        ],
        [
          { phone: '420777100699', password: PASSWORD },
          400,
          'invalid_credentials',
          'Invalid login credentials',
        ],
        [
          { phone: '420777100601', password: PASSWORD },
          400,
          'invalid_credentials',
          'Invalid login credentials',
        ],
        [
          { phone: 'abc', password: PASSWORD },
          400,
          'invalid_credentials',
          'Invalid login credentials',
        ],
        [{ phone: '420777100600' }, 400, 'invalid_credentials', 'Invalid login credentials'],
        [{ phone: '', password: PASSWORD }, 400, 'validation_failed', 'missing email or phone'],
        [
          { phone: '420777100600', email: 'a@b.cz', password: PASSWORD },
          400,
          'validation_failed',
          'Only an email address or phone number should be provided on login.',
        ],
        [
          { phone: ['420777100600'], password: PASSWORD },
          400,
          'validation_failed',
          'Invalid request body',
        ],
      ];
      await expectRefusals(signIn, cases);
    });

    it('locks a number after too many wrong passwords, the right one included; another number is not', async () => {
      await signup(asClient('420777100700'));
      const code = codeIn(lastSmsTo(app.t, '+420777100700').message);
      await verify({ phone: '420777100700', token: code, type: 'sms' });
      for (let i = 0; i < 3; i++) {
        const wrong = await signIn({ phone: '+420 777 100 700', password: `hadam-${i}` });
        expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
      }
      const refused = await signIn({ phone: '420777100700', password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Unknown numbers count alike.
      for (let i = 0; i < 3; i++) await signIn({ phone: '420777100799', password: `x-${i}` });
      expect((await signIn({ phone: '420777100799', password: 'x' })).statusCode).toBe(429);
      // The number's own right password is not counted as a guess.
      await signup(asClient('420777100701'));
      const other = codeIn(lastSmsTo(app.t, '+420777100701').message);
      await verify({ phone: '420777100701', token: other, type: 'sms' });
      for (let i = 0; i < 5; i++) {
        expect((await signIn({ phone: '420777100701', password: PASSWORD })).statusCode).toBe(200);
      }
    });
  });

  describe('AUTH_AUTOCONFIRM on', () => {
    const app = appWithOptions(open, { autoconfirm: true }, { rateLimits: ROOMY_LIMITS });
    const signup = (payload: Record<string, unknown>) =>
      app.auth('POST', '/signup', { payload, headers: { 'accept-language': 'cs' } });

    it('signs a new number up and in at once: a password session, a confirmed number, no text', async () => {
      const res = await signup(asClient('+420 777 200 100', { data: { name: 'Hned' } }));
      expect(res.statusCode).toBe(200);
      const session = res.json<WireSession>();
      expect(session.user).toMatchObject({
        phone: '420777200100',
        email: '',
        phone_confirmed_at: expect.any(String),
        user_metadata: { name: 'Hned' },
        app_metadata: { provider: 'phone', providers: ['phone'] },
      });
      expect((decodeJwt(session.access_token).amr as { method: string }[])[0]?.method).toBe(
        'password',
      );
      expect(app.t.sms).toHaveLength(0);
      const again = await app.auth('POST', '/token?grant_type=password', {
        payload: { phone: '420777200100', password: PASSWORD },
      });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a taken number openly (422 user_already_exists)', async () => {
      await signup(asClient('420777200200'));
      const res = await signup(asClient('420777200200'));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'user_already_exists',
        message: 'User already registered',
      });
    });

    it('confirms a number never confirmed only for its own password', async () => {
      const { user } = await createPhoneUser(
        app.t.database.db,
        '420777200300',
        {},
        await hashPassword(PASSWORD),
      );
      // A code sign-in left this one unconfirmed and without a password.
      await createPhoneUser(app.t.database.db, '420777200301', {});
      for (const phone of ['420777200300', '420777200301']) {
        const stranger = await signup(asClient(phone, { password: 'cizi-heslo-456' }));
        expect(stranger.statusCode).toBe(422);
        expect(stranger.json()).toMatchObject({ code: 'user_already_exists' });
      }
      const owner = await signup(asClient('420777200300'));
      expect(owner.statusCode).toBe(200);
      expect(owner.json<WireSession>().user).toMatchObject({
        id: user.id,
        phone_confirmed_at: expect.any(String),
      });
    });
  });

  describe('with the per-server SMS limit reached', () => {
    const app = useAppOn(open, {
      rateLimits: { ...DEFAULT_RATE_LIMITS, smsSent: { max: 1, windowSeconds: 3600 } },
    });

    it('refuses the text over the limit (429) and leaves no account behind', async () => {
      const ok = await post(app.t, app.apikey, '/signup', asClient('420777300100'));
      expect(ok.statusCode).toBe(200);
      const over = await post(app.t, app.apikey, '/signup', asClient('420777300200'));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'over_sms_send_rate_limit',
        message: 'SMS rate limit exceeded',
      });
      const left = await app.t.database.db
        .select()
        .from(users)
        .where(eq(users.phone, '420777300200'));
      expect(left).toEqual([]);
    });
  });
});
