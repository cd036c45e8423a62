import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { hashPassword } from '../users/passwords.ts';
import type { WireUser } from '../users/serializers.ts';
import { createEmailUser } from '../users/users-repository.ts';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import { appWithOptions, SITE, type OptionApp } from '../../../test/auth-options.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { fragmentOf, oauthSignIn, peerClients, providersFor } from '../../../test/oauth-helpers.ts';
import { startOidcPeer, type OidcPeer } from '../../../test/oidc-peer.ts';

const PASSWORD = 'dobre-heslo-123';
const CHALLENGE = 'a'.repeat(43);

const settingsOf = async (app: OptionApp) =>
  (await app.auth('GET', '/settings')).json<{
    disable_signup: boolean;
    mailer_autoconfirm: boolean;
    phone_autoconfirm: boolean;
    external: Record<string, boolean>;
  }>();

const userCount = async (app: OptionApp) =>
  (await app.t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe.each(databaseKinds())('sign-up options on $name', ({ open }) => {
  describe('AUTH_AUTOCONFIRM on', () => {
    const app = appWithOptions(open, { autoconfirm: true });
    const signup = (payload: Record<string, unknown>) =>
      app.auth('POST', '/signup', { payload, headers: { 'accept-language': 'cs' } });

    it('signs a new user up and in at once: a password session, a confirmed address, no mail', async () => {
      const res = await signup({
        email: 'Hned@Example.cz',
        password: PASSWORD,
        data: { name: 'Hned' },
        code_challenge: null,
        code_challenge_method: null,
      });
      expect(res.statusCode).toBe(200);
      const session = res.json<WireSession & { user: WireUser }>();
      expect(session).toMatchObject({
        token_type: 'bearer',
        refresh_token: expect.any(String),
        user: {
          email: 'hned@example.cz',
          role: 'authenticated',
          is_anonymous: false,
          user_metadata: { name: 'Hned' },
          email_confirmed_at: expect.any(String),
          app_metadata: { provider: 'email', providers: ['email'] },
        },
      });
      expect(session.expires_in).toBeGreaterThan(0);
      expect(session.user.confirmation_sent_at).toBeUndefined();
      expect(session.user.identities[0]?.identity_data).toMatchObject({ email_verified: true });
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({ sub: session.user.id, is_anonymous: false, aal: 'aal1' });
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
      expect(app.t.mail).toHaveLength(0);

      const me = await app.auth('GET', '/user', { token: session.access_token });
      expect(me.json()).toMatchObject({ id: session.user.id });
      const again = await passwordGrant(app.t, app.apikey, {
        email: 'hned@example.cz',
        password: PASSWORD,
      });
      expect(again.statusCode).toBe(200);
      const actions = await app.t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.userId, session.user.id));
      expect(actions.map((row) => row.action)).toEqual(
        expect.arrayContaining(['user_signedup', 'login']),
      );
    });

    it('takes a PKCE challenge without a flow: the session comes back at once', async () => {
      const res = await signup({
        email: 'pkce@example.cz',
        password: PASSWORD,
        code_challenge: CHALLENGE,
        code_challenge_method: 's256',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('access_token');
    });

    it('refuses a taken address openly (GoTrue: user_already_exists) and mails nobody', async () => {
      await confirmedUser(app.t, 'obsazeno@example.cz', PASSWORD);
      for (const password of [PASSWORD, 'jine-heslo-456']) {
        const res = await signup({ email: 'obsazeno@example.cz', password });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'user_already_exists',
          message: 'User already registered',
        });
      }
      expect(app.t.mail).toHaveLength(0);
    });

    it('confirms an account never confirmed only for its own password', async () => {
      const waiting = await createEmailUser(app.t.database.db, {
        email: 'ceka@example.cz',
        passwordHash: await hashPassword(PASSWORD),
      });
      const stranger = await signup({ email: 'ceka@example.cz', password: 'cizi-heslo-456' });
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json()).toMatchObject({ code: 'user_already_exists' });
      expect(
        (await passwordGrant(app.t, app.apikey, { email: 'ceka@example.cz', password: PASSWORD }))
          .statusCode,
      ).toBe(400);

      const owner = await signup({ email: 'ceka@example.cz', password: PASSWORD });
      expect(owner.statusCode).toBe(200);
      expect(owner.json<WireSession>().user).toMatchObject({
        id: waiting.id,
        email_confirmed_at: expect.any(String),
      });
    });

    it('still refuses bad input with 400 or 422, never a 5xx', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ email: 'a@b.cz' }, 400, 'validation_failed'],
        [{ email: 'a@b.cz', password: 'kratke' }, 422, 'weak_password'],
        [{ email: 'not-an-email', password: PASSWORD }, 400, 'validation_failed'],
        [{ email: 'a@b.cz', phone: '+420777123456', password: PASSWORD }, 400, 'validation_failed'],
        [{ phone: '+420 77x 123', password: PASSWORD }, 400, 'validation_failed'],
        [
          { email: 'a@b.cz', password: PASSWORD, code_challenge: 'short' },
          400,
          'validation_failed',
        ],
        [{ email: ['a@b.cz'], password: PASSWORD }, 400, 'validation_failed'],
        [{ email: 'a@b.cz', password: PASSWORD, data: 'text' }, 400, 'validation_failed'],
      ];
      for (const [payload, status, code] of cases) {
        const res = await signup(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json()).toMatchObject({ code });
      }
      expect(app.t.mail).toHaveLength(0);
    });

    it('says so in /settings', async () => {
      expect(await settingsOf(app)).toMatchObject({
        mailer_autoconfirm: true,
        phone_autoconfirm: true,
        disable_signup: false,
      });
    });
  });

  describe('AUTH_AUTOCONFIRM off', () => {
    const app = appWithOptions(open, {});

    it('answers the bare, unconfirmed user and mails the link instead', async () => {
      const res = await app.auth('POST', '/signup', {
        payload: { email: 'pozdeji@example.cz', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('access_token');
      expect(res.json()).toMatchObject({
        email: 'pozdeji@example.cz',
        identities: [expect.anything()],
      });
      expect(res.json()).not.toHaveProperty('email_confirmed_at');
      expect(app.t.mail.map((mail) => mail.to)).toEqual(['pozdeji@example.cz']);
      expect(await settingsOf(app)).toMatchObject({
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        disable_signup: false,
        external: { email: true, anonymous_users: false },
      });
    });
  });

  describe('AUTH_DISABLE_SIGNUP on', () => {
    let peer: OidcPeer;
    beforeAll(async () => {
      peer = await startOidcPeer({ clients: peerClients(SITE) });
    });
    afterAll(() => peer?.close());
    const app = appWithOptions(
      open,
      { disableSignup: true, anonymousSignIn: true, autoconfirm: true },
      () => ({ providers: providersFor(peer.issuer, SITE) }),
    );

    it('refuses every sign-up before reading it: 422 signup_disabled', async () => {
      const before = await userCount(app);
      const bodies = [
        { email: 'nova@example.cz', password: PASSWORD },
        { email: 'nova@example.cz' },
        { email: 'not-an-email', password: 'x' },
        {},
        { data: { name: 'Anonym' } },
      ];
      for (const payload of bodies) {
        const res = await app.auth('POST', '/signup', { payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'signup_disabled',
          message: 'Signups not allowed for this instance',
        });
      }
      expect(await userCount(app)).toBe(before);
      expect(app.t.mail).toHaveLength(0);
      expect((await app.auth('POST', '/signup', { payload: [1] })).statusCode).toBe(400);
    });

    it('lets existing users sign in as before', async () => {
      await confirmedUser(app.t, 'stala@example.cz', PASSWORD);
      const res = await passwordGrant(app.t, app.apikey, {
        email: 'stala@example.cz',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(200);
    });

    it('sends a first Google sign-in back with access_denied and makes nobody', async () => {
      const before = await userCount(app);
      const { landing } = await oauthSignIn(app.t, {
        provider: 'google',
        login: 'novacek',
        query: { redirect_to: `${SITE}/vitej` },
      });
      expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/vitej`);
      const expected = {
        error: 'access_denied',
        error_code: 'signup_disabled',
        error_description: 'Signups not allowed for this instance',
      };
      for (const params of [landing.searchParams, fragmentOf(landing)]) {
        expect(Object.fromEntries(params)).toMatchObject(expected);
      }
      expect(fragmentOf(landing).get('access_token')).toBeNull();
      const unverified = await oauthSignIn(app.t, { provider: 'apple', login: 'unverified-eva' });
      expect(unverified.landing.searchParams.get('error_code')).toBe('signup_disabled');
      expect(await userCount(app)).toBe(before);
    });

    it('still links Google to an existing account and signs it in again', async () => {
      const existing = await confirmedUser(app.t, 'marek@example.cz', PASSWORD);
      for (let round = 0; round < 2; round += 1) {
        const { landing } = await oauthSignIn(app.t, { provider: 'google', login: 'marek' });
        const token = fragmentOf(landing).get('access_token') ?? '';
        const me = await app.auth('GET', '/user', { token });
        expect(me.json()).toMatchObject({ id: existing.id });
      }
    });

    it('says so in /settings', async () => {
      expect(await settingsOf(app)).toMatchObject({
        disable_signup: true,
        external: { anonymous_users: true, google: true },
      });
    });
  });
});
