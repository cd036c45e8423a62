import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { GoalRecord } from '@partak/domain/api/goals';
import { newId } from '@partak/domain/ids';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { users } from '../../db/schema/index.ts';
import type { WireUser } from '../users/serializers.ts';
import {
  confirmedUser,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { appWithOptions, SITE, type OptionApp } from '../../../test/auth-options.ts';
import { databaseKinds } from '../../../test/databases.ts';

const CZECH = JSON.parse(
  readFileSync(new URL('../../../../content/emails/cs.json', import.meta.url), 'utf8'),
) as Record<string, { subject: string }>;
const PASSWORD = 'dobre-heslo-123';

type Session = WireSession & { user: WireUser };

async function anonymous(app: OptionApp, data: Record<string, unknown> = {}): Promise<Session> {
  const res = await app.auth('POST', '/signup', { payload: { data, gotrue_meta_security: {} } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Session>();
}

const goals = (app: OptionApp, token: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  app.t.app.inject({
    method,
    url: '/api/v1/goals',
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** Opens the newest mailed link to `to` in process: the fragment of where it leads. */
async function openLinkTo(app: OptionApp, to: string): Promise<URLSearchParams> {
  const mail = app.t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const res = await app.t.app.inject({ url: mail.link.replace(SITE, '') });
  expect(res.statusCode).toBe(303);
  return new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
}

describe.each(databaseKinds())('anonymous users on $name', ({ open }) => {
  describe('AUTH_ANONYMOUS_SIGN_IN off', () => {
    const app = appWithOptions(open, {});

    it('refuses POST /signup without an address as GoTrue does, making nobody', async () => {
      for (const payload of [{}, { data: { a: 1 } }, { email: '', phone: '' }, { email: null }]) {
        const res = await app.auth('POST', '/signup', { payload });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'anonymous_provider_disabled',
          message: 'Anonymous sign-ins are disabled',
        });
      }
      const [row] = await app.t.database.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(0);
      const settings = await app.auth('GET', '/settings');
      expect(settings.json()).toMatchObject({ external: { anonymous_users: false } });
    });
  });

  describe('AUTH_ANONYMOUS_SIGN_IN on', () => {
    const app = appWithOptions(open, { anonymousSignIn: true });

    it('signs in a user with no address and no identity: is_anonymous, amr anonymous', async () => {
      const session = await anonymous(app, { jmeno: 'Host' });
      expect(session).toMatchObject({ token_type: 'bearer', refresh_token: expect.any(String) });
      expect(session.user).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        email: '',
        phone: '',
        is_anonymous: true,
        identities: [],
        app_metadata: {},
        user_metadata: { jmeno: 'Host' },
      });
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({
        sub: session.user.id,
        role: 'authenticated',
        is_anonymous: true,
        aal: 'aal1',
        email: '',
        app_metadata: {},
      });
      expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
      expect(app.t.mail).toHaveLength(0);

      const me = await app.auth('GET', '/user', { token: session.access_token });
      expect(me.json()).toMatchObject({ id: session.user.id, is_anonymous: true });
      const refreshed = await refreshGrant(app.t, app.apikey, session.refresh_token);
      expect(decodeJwt(refreshed.json<Session>().access_token)).toMatchObject({
        is_anonymous: true,
      });
      const settings = await app.auth('GET', '/settings');
      expect(settings.json()).toMatchObject({ external: { anonymous_users: true } });
    });

    it('keeps anonymous users from what GoTrue keeps them from', async () => {
      const { access_token: token } = await anonymous(app);
      const refusal = {
        code: 'no_authorization',
        message: 'Anonymous user not allowed to perform these actions',
      };
      const mfa = [
        app.auth('POST', '/factors', { token, payload: { factor_type: 'totp' } }),
        app.auth('POST', `/factors/${randomUUID()}/challenge`, { token, payload: {} }),
        app.auth('POST', '/factors/not-a-uuid/verify', { token, payload: {} }),
        app.auth('DELETE', `/factors/${randomUUID()}`, { token }),
      ];
      for (const res of await Promise.all(mfa)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject(refusal);
      }
      const nonce = await app.auth('GET', '/reauthenticate', { token });
      expect(nonce.statusCode).toBe(400);
      expect(nonce.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Reauthentication requires the user to have an email or a phone number',
      });
      const password = await app.auth('PUT', '/user', { token, payload: { password: PASSWORD } });
      expect(password.statusCode).toBe(422);
      expect(password.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Updating password of an anonymous user without an email or phone is not allowed',
      });
      const data = await app.auth('PUT', '/user', { token, payload: { data: { barva: 'modrá' } } });
      expect(data.json()).toMatchObject({ user_metadata: { barva: 'modrá' }, is_anonymous: true });
    });

    it('becomes permanent by a confirmed address, keeping its id and its goals', async () => {
      const session = await anonymous(app);
      const token = session.access_token;
      const goal = await goals(app, token, 'POST', { id: newId(), title: 'Prvních 10 klientů' });
      expect(goal.statusCode).toBe(201);

      const added = await app.auth('PUT', '/user', {
        token,
        payload: { email: 'Trvaly@Example.cz' },
        headers: { 'accept-language': 'cs' },
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({
        email: '',
        new_email: 'trvaly@example.cz',
        is_anonymous: true,
      });
      // One link, to the new address only (there is no old one), worded as the sign-up it is.
      expect(app.t.mail.map((mail) => mail.to)).toEqual(['trvaly@example.cz']);
      expect(app.t.mail[0]?.subject).toBe(CZECH.confirmation?.subject);
      expect(app.t.mail[0]?.link).toContain('type=email_change');
      // Until the address is confirmed the user is anonymous: still no password alone.
      const early = await app.auth('PUT', '/user', { token, payload: { password: PASSWORD } });
      expect(early.json()).toMatchObject({ code: 'validation_failed' });

      const fragment = await openLinkTo(app, 'trvaly@example.cz');
      expect(fragment.get('type')).toBe('email_change');
      const permanent = fragment.get('access_token') ?? '';
      expect(decodeJwt(permanent)).toMatchObject({ sub: session.user.id, is_anonymous: false });
      const me = (await app.auth('GET', '/user', { token: permanent })).json<WireUser>();
      expect(me).toMatchObject({
        id: session.user.id,
        email: 'trvaly@example.cz',
        is_anonymous: false,
        email_confirmed_at: expect.any(String),
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect(me.new_email).toBeUndefined();
      expect(me.identities).toEqual([
        expect.objectContaining({
          provider: 'email',
          id: session.user.id,
          identity_data: expect.objectContaining({
            email: 'trvaly@example.cz',
            email_verified: true,
          }),
        }),
      ]);

      const withPassword = await app.auth('PUT', '/user', {
        token: permanent,
        payload: { password: PASSWORD },
      });
      expect(withPassword.statusCode).toBe(200);
      const signIn = await passwordGrant(app.t, app.apikey, {
        email: 'trvaly@example.cz',
        password: PASSWORD,
      });
      expect(signIn.json<Session>().user.id).toBe(session.user.id);
      const list = await goals(app, signIn.json<Session>().access_token);
      expect(list.json<{ items: GoalRecord[] }>().items).toEqual([
        expect.objectContaining({ id: goal.json<GoalRecord>().id, title: 'Prvních 10 klientů' }),
      ]);
    });

    it('may give the address and the password in one call, as GoTrue allows', async () => {
      const { access_token: token, user } = await anonymous(app);
      const res = await app.auth('PUT', '/user', {
        token,
        payload: { email: 'naraz@example.cz', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_anonymous: true, new_email: 'naraz@example.cz' });
      await openLinkTo(app, 'naraz@example.cz');
      const signIn = await passwordGrant(app.t, app.apikey, {
        email: 'naraz@example.cz',
        password: PASSWORD,
      });
      expect(signIn.json<Session>().user).toMatchObject({ id: user.id, is_anonymous: false });
    });

    it('refuses a taken or malformed address for the conversion', async () => {
      await confirmedUser(app.t, 'zabrany@example.cz', PASSWORD);
      const { access_token: token } = await anonymous(app);
      const taken = await app.auth('PUT', '/user', {
        token,
        payload: { email: 'zabrany@example.cz' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({ code: 'email_exists' });
      for (const email of ['neni-adresa', 42]) {
        const res = await app.auth('PUT', '/user', { token, payload: { email } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed' });
      }
      const bad = await app.auth('POST', '/signup', { payload: { data: 'neni-objekt' } });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('AUTH_ANONYMOUS_SIGN_IN with AUTH_AUTOCONFIRM', () => {
    const app = appWithOptions(open, { anonymousSignIn: true, autoconfirm: true });

    it('makes the user permanent as soon as they add an address, without a mail', async () => {
      const { access_token: token, user } = await anonymous(app);
      const res = await app.auth('PUT', '/user', { token, payload: { email: 'hned@example.cz' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        email: 'hned@example.cz',
        is_anonymous: false,
        email_confirmed_at: expect.any(String),
        identities: [expect.objectContaining({ provider: 'email' })],
      });
      expect(res.json()).not.toHaveProperty('new_email');
      expect(app.t.mail).toHaveLength(0);
    });
  });

  describe('their rate limit', () => {
    const app = appWithOptions(
      open,
      { anonymousSignIn: true },
      {
        rateLimits: {
          ...DEFAULT_RATE_LIMITS,
          anonymous: { max: 2, windowSeconds: 3600 },
          otp: { max: 2, windowSeconds: 300 },
        },
      },
    );
    const signup = (ip: string, payload: object) => app.auth('POST', '/signup', { ip, payload });

    it('is GoTrue’s own, per IP and apart from the sign-up limit', async () => {
      for (let i = 0; i < 2; i += 1) expect((await signup('203.0.113.7', {})).statusCode).toBe(200);
      const over = await signup('203.0.113.7', {});
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signup('203.0.113.8', {})).statusCode).toBe(200);
      // The anonymous sign-ins did not use up this IP's sign-ups, nor the other way round.
      for (const name of ['a', 'b']) {
        const res = await signup('203.0.113.7', {
          email: `${name}@example.cz`,
          password: PASSWORD,
        });
        expect(res.statusCode).toBe(200);
      }
      const third = await signup('203.0.113.7', { email: 'c@example.cz', password: PASSWORD });
      expect(third.statusCode).toBe(429);
      expect((await signup('203.0.113.8', {})).statusCode).toBe(200);
    });
  });
});
