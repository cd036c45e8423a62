import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import type { WireUser } from '../users/serializers.ts';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import { appWithOptions, type OptionApp } from '../../../test/auth-options.ts';
import { databaseKinds } from '../../../test/databases.ts';

const CZECH = JSON.parse(
  readFileSync(new URL('../../../../content/emails/cs.json', import.meta.url), 'utf8'),
) as Record<string, { subject: string }>;
const PASSWORD = 'dobre-heslo-123';
const FREQUENCY = /^For security purposes, you can only request this after \d+ seconds\.$/;
const DAY_MS = 24 * 3600_000;

/** A confirmed user signed in with a password: their id and access token. */
async function signedIn(app: OptionApp, email: string) {
  const user = await confirmedUser(app.t, email, PASSWORD);
  const session = (
    await passwordGrant(app.t, app.apikey, { email, password: PASSWORD })
  ).json<WireSession>();
  return { id: user.id, token: session.access_token };
}

/** Makes the token's session look `ageMs` old (GoTrue's rule looks at when it began). */
async function ageSession(app: OptionApp, token: string, ageMs: number): Promise<void> {
  const sessionId = String(decodeJwt(token).session_id);
  await app.t.database.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(sessions.id, sessionId));
}

/** GET /reauthenticate, and the nonce it mailed. */
async function requestNonce(app: OptionApp, token: string, to: string): Promise<string> {
  const res = await app.auth('GET', '/reauthenticate', { token });
  expect(res.statusCode, res.body).toBe(200);
  const code = app.t.mail.filter((mail) => mail.to === to).at(-1)?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code ?? '';
}

const newPassword = (app: OptionApp, token: string, payload: Record<string, unknown>) =>
  app.auth('PUT', '/user', { token, payload });

describe.each(databaseKinds())('reauthentication on $name', ({ open }) => {
  describe('AUTH_SECURE_PASSWORD_CHANGE on', () => {
    const app = appWithOptions(open, { securePasswordChange: true });

    it('GET /reauthenticate mails a 6-digit nonce in Czech, at most once a minute', async () => {
      const { token } = await signedIn(app, 'nonce@example.cz');
      const res = await app.auth('GET', '/reauthenticate', {
        token,
        headers: { 'accept-language': 'cs-CZ,cs;q=0.9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      const mail = app.t.mail.at(-1);
      expect(mail).toMatchObject({ to: 'nonce@example.cz', link: '' });
      expect(mail?.subject).toBe(CZECH.reauthentication?.subject);
      expect(mail?.code).toMatch(/^\d{6}$/);
      expect(mail?.text).toContain(mail?.code);
      expect(mail?.html).toContain(mail?.code);
      const me = (await app.auth('GET', '/user', { token })).json<WireUser>();
      expect(me.reauthentication_sent_at).toEqual(expect.any(String));

      const again = await app.auth('GET', '/reauthenticate', { token });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
      expect(again.json<{ message: string }>().message).toMatch(FREQUENCY);
    });

    it('asks for a signed-in user, with a confirmed address', async () => {
      const none = await app.auth('GET', '/reauthenticate');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'no_authorization' });
      const bad = await app.auth('GET', '/reauthenticate', { token: 'not.a.jwt' });
      expect(bad.statusCode).toBe(403);
      const { id, token } = await signedIn(app, 'nepotvrzeny@example.cz');
      await app.t.database.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, id));
      const unconfirmed = await app.auth('GET', '/reauthenticate', { token });
      expect(unconfirmed.statusCode).toBe(422);
      expect(unconfirmed.json()).toMatchObject({
        code: 'email_not_confirmed',
        message: 'Please verify your email first.',
      });
    });

    it('lets a session begun within 24 hours change the password without a nonce', async () => {
      const { token } = await signedIn(app, 'cerstvy@example.cz');
      await ageSession(app, token, DAY_MS - 60_000);
      const res = await newPassword(app, token, { password: 'nove-heslo-456', nonce: 'ignored' });
      expect(res.statusCode).toBe(200);
    });

    it('asks an older session for the nonce, takes it once, and refuses a wrong one', async () => {
      const { token } = await signedIn(app, 'stary@example.cz');
      await ageSession(app, token, DAY_MS + 60_000);
      const missing = await newPassword(app, token, { password: 'nove-heslo-456' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'reauthentication_needed',
        message: 'Password update requires reauthentication',
      });
      const unsent = await newPassword(app, token, { password: 'nove-heslo-456', nonce: '123456' });
      expect(unsent.statusCode).toBe(422);
      expect(unsent.json()).toMatchObject({
        code: 'reauthentication_not_valid',
        message: 'Nonce has expired or is invalid',
      });

      const nonce = await requestNonce(app, token, 'stary@example.cz');
      const wrong = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
      expect(
        (await newPassword(app, token, { password: 'nove-heslo-456', nonce: wrong })).json(),
      ).toMatchObject({ code: 'reauthentication_not_valid' });
      // Refusals that come first in GoTrue leave the nonce unused.
      const weak = await newPassword(app, token, { password: 'kratke', nonce });
      expect(weak.json()).toMatchObject({ code: 'weak_password' });

      const done = await newPassword(app, token, { password: 'nove-heslo-456', nonce });
      expect(done.statusCode).toBe(200);
      const signIn = await passwordGrant(app.t, app.apikey, {
        email: 'stary@example.cz',
        password: 'nove-heslo-456',
      });
      expect(signIn.statusCode).toBe(200);
      const reused = await newPassword(app, token, { password: 'treti-heslo-789', nonce });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'reauthentication_not_valid' });
    });

    it('refuses an expired nonce', async () => {
      const { id, token } = await signedIn(app, 'pozde@example.cz');
      await ageSession(app, token, 2 * DAY_MS);
      const nonce = await requestNonce(app, token, 'pozde@example.cz');
      await app.t.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.userId, id));
      const res = await newPassword(app, token, { password: 'nove-heslo-456', nonce });
      expect(res.json()).toMatchObject({ code: 'reauthentication_not_valid' });
    });

    it('sends it by text message to a user with only a confirmed phone', async () => {
      const { id, token } = await signedIn(app, 'telefon@example.cz');
      const phone = '+420777123456';
      await app.t.database.db
        .update(users)
        .set({ email: null, phone, phoneConfirmedAt: new Date() })
        .where(eq(users.id, id));
      const res = await app.auth('GET', '/reauthenticate', { token });
      expect(res.statusCode).toBe(200);
      const sms = app.t.sms.at(-1);
      expect(sms?.phone).toBe(phone);
      const nonce = /\d{6}/.exec(sms?.message ?? '')?.[0] ?? '';
      expect(nonce).toMatch(/^\d{6}$/);
      const again = await app.auth('GET', '/reauthenticate', { token });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'over_sms_send_rate_limit' });

      await ageSession(app, token, 2 * DAY_MS);
      const done = await newPassword(app, token, { password: 'nove-heslo-456', nonce });
      expect(done.statusCode).toBe(200);

      await app.t.database.db
        .update(users)
        .set({ phoneConfirmedAt: null, reauthenticationSentAt: null })
        .where(eq(users.id, id));
      const unconfirmed = await app.auth('GET', '/reauthenticate', { token });
      expect(unconfirmed.statusCode).toBe(422);
      expect(unconfirmed.json()).toMatchObject({
        code: 'phone_not_confirmed',
        message: 'Please verify your phone first.',
      });
    });

    it('answers malformed input with a 4xx, never a 5xx', async () => {
      const { token } = await signedIn(app, 'spatne@example.cz');
      await ageSession(app, token, 2 * DAY_MS);
      for (const nonce of [123456, { code: '1' }, ['1']]) {
        const res = await newPassword(app, token, { password: 'nove-heslo-456', nonce });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed' });
      }
      for (const nonce of ['', null]) {
        const res = await newPassword(app, token, { password: 'nove-heslo-456', nonce });
        expect(res.json()).toMatchObject({ code: 'reauthentication_needed' });
      }
      const long = await newPassword(app, token, {
        password: 'nove-heslo-456',
        nonce: 'x'.repeat(5000),
      });
      expect(long.statusCode).toBe(422);
      const post = await app.auth('POST', '/reauthenticate', { token, payload: {} });
      expect(post.statusCode).toBe(404);
    });
  });

  describe('AUTH_SECURE_PASSWORD_CHANGE off', () => {
    const app = appWithOptions(open, {});

    it('changes the password of an old session without a nonce; the nonce is still sent', async () => {
      const { token } = await signedIn(app, 'volny@example.cz');
      await ageSession(app, token, 30 * DAY_MS);
      const res = await newPassword(app, token, { password: 'nove-heslo-456' });
      expect(res.statusCode).toBe(200);
      await requestNonce(app, token, 'volny@example.cz');
    });
  });
});
