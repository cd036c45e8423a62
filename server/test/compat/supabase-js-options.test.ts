import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/users/passwords.ts';
import { createEmailUser } from '../../src/auth/users/users-repository.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { databaseKinds, type TestDatabase } from '../databases.ts';
import {
  compatClient,
  fragmentOf,
  openLink,
  startCompatServer,
  UUID,
  type CompatClient,
  type CompatServer,
} from './compat-server.ts';

/**
 * The unmodified supabase-js client against the real server run with the auth options of issue
 * 16: sign-up confirmed at once, sign-ups off, anonymous users and their conversion, the
 * reauthentication nonce, and GoTrue's refusals for SSO and malformed factor ids.
 */
const CZECH = JSON.parse(
  readFileSync(new URL('../../../content/emails/cs.json', import.meta.url), 'utf8'),
) as Record<string, { subject: string }>;
const PASSWORD = 'prvni-heslo-123';

/** A server with `env` for one `describe`, started before its tests and closed after them. */
function serverWith(open: () => Promise<TestDatabase>, env: Record<string, string>) {
  const handle = {} as { server: CompatServer };
  beforeAll(async () => {
    handle.server = await startCompatServer(open, env);
  });
  afterAll(() => handle.server?.close());
  return handle;
}

/** Makes the session behind an access token a day and a bit old. */
async function ageSession(server: CompatServer, accessToken: string): Promise<void> {
  await server.database.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(sessions.id, String(decodeJwt(accessToken).session_id)));
}

const events = (client: CompatClient) => {
  const seen: AuthChangeEvent[] = [];
  client.supabase.auth.onAuthStateChange((event) => void seen.push(event));
  return seen;
};

describe.each(databaseKinds())('supabase-js with the auth options on $name', ({ name, open }) => {
  describe('AUTH_AUTOCONFIRM, AUTH_ANONYMOUS_SIGN_IN and AUTH_SECURE_PASSWORD_CHANGE on', () => {
    const running = serverWith(open, {
      AUTH_AUTOCONFIRM: 'true',
      AUTH_ANONYMOUS_SIGN_IN: 'true',
      AUTH_SECURE_PASSWORD_CHANGE: 'true',
    });
    const email = `hned.${name}@example.cz`;
    let client: CompatClient;
    beforeAll(() => {
      client = compatClient(running.server, { storageKey: `options-${name}` });
    });

    it('signUp signs in at once: a session, SIGNED_IN, no mail; the address again is refused', async () => {
      const seen = events(client);
      const { data, error } = await client.supabase.auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { name: 'Hned' } },
      });
      expect(error).toBeNull();
      expect(data.session).toMatchObject({
        token_type: 'bearer',
        refresh_token: expect.any(String),
      });
      expect(data.user).toMatchObject({
        email,
        is_anonymous: false,
        user_metadata: { name: 'Hned' },
        email_confirmed_at: expect.any(String),
      });
      expect(seen).toContain('SIGNED_IN');
      expect((await client.supabase.auth.getSession()).data.session?.user.id).toBe(data.user?.id);
      expect(running.server.capture.mails).toEqual([]);

      const again = await client.supabase.auth.signUp({ email, password: PASSWORD });
      expect(again.data.session).toBeNull();
      expect(again.error).toMatchObject({
        name: 'AuthApiError',
        code: 'user_already_exists',
        status: 422,
        message: 'User already registered',
      });
    });

    it('updateUser({ password }) needs the reauthenticate() nonce once the session is a day old', async () => {
      const auth = client.supabase.auth;
      await auth.signInWithPassword({ email, password: PASSWORD });
      const fresh = await auth.updateUser({ password: 'druhe-heslo-456' });
      expect(fresh.error).toBeNull();

      await ageSession(running.server, (await auth.getSession()).data.session?.access_token ?? '');
      const needed = await auth.updateUser({ password: 'treti-heslo-789' });
      expect(needed.error).toMatchObject({
        code: 'reauthentication_needed',
        status: 400,
        message: 'Password update requires reauthentication',
      });

      expect(await auth.reauthenticate()).toEqual({
        data: { user: null, session: null },
        error: null,
      });
      const mail = await running.server.capture.waitFor(email);
      expect(mail.subject).toBe(CZECH.reauthentication?.subject);
      const nonce = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      expect(nonce).toMatch(/^\d{6}$/);
      const tooSoon = await auth.reauthenticate();
      expect(tooSoon.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });

      const wrong = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
      const refused = await auth.updateUser({ password: 'treti-heslo-789', nonce: wrong });
      expect(refused.error).toMatchObject({
        code: 'reauthentication_not_valid',
        status: 422,
        message: 'Nonce has expired or is invalid',
      });
      const changed = await auth.updateUser({ password: 'treti-heslo-789', nonce });
      expect(changed.error).toBeNull();
      const signIn = await auth.signInWithPassword({ email, password: 'treti-heslo-789' });
      expect(signIn.error).toBeNull();
    });

    it('signInAnonymously, then updateUser with an address and a password: permanent at once', async () => {
      const guest = compatClient(running.server, { storageKey: `options-${name}-guest` });
      const auth = guest.supabase.auth;
      const { data, error } = await auth.signInAnonymously({
        options: { data: { jmeno: 'Host' } },
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        is_anonymous: true,
        email: '',
        identities: [],
        user_metadata: { jmeno: 'Host' },
        role: 'authenticated',
      });
      const id = data.user?.id ?? '';
      expect(id).toMatch(UUID);
      const claims = (await auth.getClaims()).data?.claims;
      expect(claims).toMatchObject({ sub: id, is_anonymous: true, role: 'authenticated' });
      expect(claims?.amr?.[0]).toMatchObject({ method: 'anonymous' });
      const mfa = await auth.mfa.enroll({ factorType: 'totp' });
      expect(mfa.error).toMatchObject({ code: 'no_authorization', status: 403 });

      const guestEmail = `host.${name}@example.cz`;
      const withEmail = await auth.updateUser({ email: guestEmail });
      expect(withEmail.error).toBeNull();
      expect(withEmail.data.user).toMatchObject({ id, email: guestEmail, is_anonymous: false });
      expect((await auth.updateUser({ password: PASSWORD })).error).toBeNull();
      const refreshed = await auth.refreshSession();
      expect(decodeJwt(refreshed.data.session?.access_token ?? '')).toMatchObject({
        sub: id,
        is_anonymous: false,
      });
      const signIn = await auth.signInWithPassword({ email: guestEmail, password: PASSWORD });
      expect(signIn.data.user?.id).toBe(id);
    });
  });

  describe('AUTH_ANONYMOUS_SIGN_IN on, addresses confirmed by mail', () => {
    const running = serverWith(open, { AUTH_ANONYMOUS_SIGN_IN: 'true' });
    const email = `trvaly.${name}@example.cz`;
    let client: CompatClient;
    beforeAll(() => {
      client = compatClient(running.server, { storageKey: `options-${name}-mail` });
    });

    it('the anonymous user adds an address, opens its link and stays the same user', async () => {
      const auth = client.supabase.auth;
      const { data } = await auth.signInAnonymously();
      const id = data.user?.id ?? '';
      const home = `${running.server.siteUrl}/`;
      const alone = await auth.updateUser({ password: PASSWORD });
      expect(alone.error).toMatchObject({ code: 'validation_failed', status: 422 });

      const added = await auth.updateUser({ email }, { emailRedirectTo: home });
      expect(added.error).toBeNull();
      expect(added.data.user).toMatchObject({
        id,
        email: '',
        new_email: email,
        is_anonymous: true,
      });
      const mail = await running.server.capture.waitFor(email);
      expect(mail.subject).toBe(CZECH.confirmation?.subject);
      const opened = await openLink(mail.link ?? 'missing:');
      expect(opened.status).toBe(303);
      expect(`${opened.location.origin}${opened.location.pathname}`).toBe(home);
      expect(fragmentOf(opened.location).get('type')).toBe('email_change');

      const refreshed = await auth.refreshSession();
      expect(refreshed.data.user).toMatchObject({ id, email, is_anonymous: false });
      expect(decodeJwt(refreshed.data.session?.access_token ?? '').is_anonymous).toBe(false);
      expect((await auth.updateUser({ password: PASSWORD })).error).toBeNull();
      const signIn = await auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.data.user?.id).toBe(id);
    });

    it('signInWithSSO is refused as GoTrue without SAML refuses it', async () => {
      for (const params of [{ domain: 'firma.cz' }, { providerId: randomUUID() }]) {
        const { data, error } = await client.supabase.auth.signInWithSSO(params);
        expect(data).toBeNull();
        expect(error).toMatchObject({
          name: 'AuthApiError',
          code: 'saml_provider_disabled',
          status: 404,
          message: 'SAML 2.0 is disabled',
        });
      }
    });

    it('MFA calls with a malformed factor id: 404 validation_failed', async () => {
      const mfa = client.supabase.auth.mfa;
      const results = [
        await mfa.challenge({ factorId: 'not-a-uuid' }),
        await mfa.verify({ factorId: 'not-a-uuid', challengeId: randomUUID(), code: '123456' }),
        await mfa.unenroll({ factorId: 'not-a-uuid' }),
      ];
      for (const { error } of results) {
        expect(error).toMatchObject({
          code: 'validation_failed',
          status: 404,
          message: 'factor_id must be an UUID',
        });
      }
      const unknown = await mfa.challenge({ factorId: randomUUID() });
      expect(unknown.error).toMatchObject({ code: 'mfa_factor_not_found', status: 404 });
    });
  });

  describe('AUTH_DISABLE_SIGNUP on (anonymous sign-ins off)', () => {
    const running = serverWith(open, { AUTH_DISABLE_SIGNUP: 'true' });

    it('signUp and signInAnonymously are refused; an existing user signs in', async () => {
      const auth = compatClient(running.server, { storageKey: `options-${name}-closed` }).supabase
        .auth;
      const signUp = await auth.signUp({ email: `nova.${name}@example.cz`, password: PASSWORD });
      expect(signUp.data.session).toBeNull();
      expect(signUp.error).toMatchObject({
        code: 'signup_disabled',
        status: 422,
        message: 'Signups not allowed for this instance',
      });
      const anonymous = await auth.signInAnonymously();
      expect(anonymous.data.session).toBeNull();
      expect(anonymous.error).toMatchObject({
        code: 'anonymous_provider_disabled',
        status: 422,
        message: 'Anonymous sign-ins are disabled',
      });

      const email = `stala.${name}@example.cz`;
      await createEmailUser(running.server.database.db, {
        email,
        passwordHash: await hashPassword(PASSWORD),
        confirmedAt: new Date(),
      });
      const signIn = await auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(signIn.data.session?.user.email).toBe(email);
    });
  });
});
