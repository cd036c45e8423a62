import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases.ts';
import {
  compatClient,
  fragmentOf,
  openLink,
  startCompatServer,
  UUID,
  type CompatServer,
} from './compat-server.ts';

/**
 * supabase-js's `auth.admin`, unmodified, with the service-role key against the real server
 * (mail over SMTP into a capture): what an operator's backend script would do.
 */
const CZECH = JSON.parse(
  readFileSync(new URL('../../../content/emails/cs.json', import.meta.url), 'utf8'),
) as Record<'invite', { subject: string }>;

const PASSWORD = 'Dobre-heslo-2026';

describe.each(databaseKinds())('supabase-js auth.admin on $name', ({ name, open }) => {
  let server: CompatServer;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await startCompatServer(open);
    service = createClient(server.siteUrl, server.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });
  afterAll(() => server?.close());

  const admin = () => service.auth.admin;
  /** A browser's client, signed out, for what a user does with a link or a password. */
  const browser = (key: string) =>
    compatClient(server, { storageKey: `admin-${name}-${key}` }).supabase.auth;

  it('createUser, getUserById and listUsers with its pagination', async () => {
    const created = [];
    for (const who of ['ada', 'bara', 'cyril']) {
      const { data, error } = await admin().createUser({
        email: `${who}@example.cz`,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { name: who },
      });
      expect(error).toBeNull();
      expect(data.user?.id).toMatch(UUID);
      created.push(data.user);
    }
    const { data: one } = await admin().getUserById(created[0]?.id ?? '');
    expect(one.user).toMatchObject({ email: 'ada@example.cz', user_metadata: { name: 'ada' } });

    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users.map((u) => u.email)).toEqual(['cyril@example.cz', 'bara@example.cz']);
    expect(first.data).toMatchObject({ total: 3, nextPage: 2, lastPage: 2 });
    const second = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.email)).toEqual(['ada@example.cz']);
    expect(second.data).toMatchObject({ total: 3, lastPage: 2 });

    const taken = await admin().createUser({ email: 'ada@example.cz', password: PASSWORD });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('updateUserById: metadata, and a ban that stops sign-in until it is lifted', async () => {
    const { data } = await admin().createUser({
      email: 'zakaz@example.cz',
      password: PASSWORD,
      email_confirm: true,
    });
    const id = data.user?.id ?? '';
    const banned = await admin().updateUserById(id, {
      ban_duration: '24h',
      user_metadata: { note: 'pozor' },
      app_metadata: { plan: 'pro' },
    });
    expect(banned.error).toBeNull();
    expect(banned.data.user).toMatchObject({
      user_metadata: { note: 'pozor' },
      app_metadata: { plan: 'pro' },
    });
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    const refused = await browser('ban').signInWithPassword({
      email: 'zakaz@example.cz',
      password: PASSWORD,
    });
    expect(refused.error).toMatchObject({ code: 'user_banned' });

    const bad = await admin().updateUserById(id, { ban_duration: 'forever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    await admin().updateUserById(id, { ban_duration: 'none' });
    const allowed = await browser('unban').signInWithPassword({
      email: 'zakaz@example.cz',
      password: PASSWORD,
    });
    expect(allowed.error).toBeNull();
  });

  it('deleteUser: hard, then soft', async () => {
    const hard = (await admin().createUser({ email: 'pryc@example.cz', password: PASSWORD })).data;
    const removed = await admin().deleteUser(hard.user?.id ?? '');
    expect(removed.error).toBeNull();
    expect(removed.data.user).toMatchObject({ email: 'pryc@example.cz' });
    const gone = await admin().getUserById(hard.user?.id ?? '');
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });

    const soft = (
      await admin().createUser({
        email: 'mekky@example.cz',
        password: PASSWORD,
        email_confirm: true,
      })
    ).data;
    expect((await admin().deleteUser(soft.user?.id ?? '', true)).error).toBeNull();
    const kept = await admin().getUserById(soft.user?.id ?? '');
    expect(kept.data.user?.deleted_at).toEqual(expect.any(String));
    const refused = await browser('soft').signInWithPassword({
      email: 'mekky@example.cz',
      password: PASSWORD,
    });
    expect(refused.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('generateLink: signup and magiclink links open into a session', async () => {
    const signup = await admin().generateLink({
      type: 'signup',
      email: 'odkaz@example.cz',
      password: PASSWORD,
      options: { redirectTo: `${server.siteUrl}/vitej` },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.user).toMatchObject({ email: 'odkaz@example.cz' });
    expect(signup.data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: `${server.siteUrl}/vitej`,
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    const opened = await openLink(signup.data.properties?.action_link ?? '');
    expect(opened.location.pathname).toBe('/vitej');
    expect(fragmentOf(opened.location).get('access_token')).toBeTruthy();

    const magic = await admin().generateLink({ type: 'magiclink', email: 'odkaz@example.cz' });
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    const signedIn = await openLink(magic.data.properties?.action_link ?? '');
    expect(fragmentOf(signedIn.location).get('type')).toBe('magiclink');
    expect(fragmentOf(signedIn.location).get('access_token')).toBeTruthy();
  });

  it('generateLink: invite, recovery and both email-change links work with verifyOtp({ token_hash })', async () => {
    const auth = browser('otp');
    const invite = await admin().generateLink({ type: 'invite', email: 'pozvany@example.cz' });
    expect(invite.data.user?.invited_at).toEqual(expect.any(String));
    const joined = await auth.verifyOtp({
      token_hash: invite.data.properties?.hashed_token ?? '',
      type: 'invite',
    });
    expect(joined.error).toBeNull();
    expect(joined.data.user).toMatchObject({ email: 'pozvany@example.cz' });

    const recovery = await admin().generateLink({ type: 'recovery', email: 'pozvany@example.cz' });
    const recovered = await auth.verifyOtp({
      token_hash: recovery.data.properties?.hashed_token ?? '',
      type: 'recovery',
    });
    expect(recovered.error).toBeNull();

    const change = { email: 'pozvany@example.cz', newEmail: 'presunuty@example.cz' };
    const current = await admin().generateLink({ type: 'email_change_current', ...change });
    const next = await admin().generateLink({ type: 'email_change_new', ...change });
    expect(next.data.user?.new_email).toBe('presunuty@example.cz');
    for (const link of [current, next]) {
      const result = await auth.verifyOtp({
        token_hash: link.data.properties?.hashed_token ?? '',
        type: 'email_change',
      });
      expect(result.error).toBeNull();
    }
    const moved = await admin().getUserById(invite.data.user?.id ?? '');
    expect(moved.data.user?.email).toBe('presunuty@example.cz');

    const unknown = await admin().generateLink({ type: 'recovery', email: 'nikdo@example.cz' });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(unknown.data).toEqual({ properties: null, user: null });
  });

  it('inviteUserByEmail: an invitation in Czech over SMTP whose link signs the user in', async () => {
    const { data, error } = await admin().inviteUserByEmail('host@example.cz', {
      data: { team: 'Brno' },
      redirectTo: `${server.siteUrl}/tym`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'host@example.cz', user_metadata: { team: 'Brno' } });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    const mail = await server.capture.waitFor('host@example.cz');
    expect(mail.subject).toBe(CZECH.invite.subject);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    const opened = await openLink(mail.link ?? '');
    expect(opened.location.pathname).toBe('/tym');
    const params = fragmentOf(opened.location);
    expect(params.get('type')).toBe('invite');
    const me = await browser('invitee').getUser(params.get('access_token') ?? '');
    expect(me.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await admin().inviteUserByEmail('ada@example.cz');
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('mfa.listFactors and mfa.deleteFactor; signOut(jwt) ends the user’s sessions', async () => {
    const email = 'faktor@example.cz';
    const created = await admin().createUser({ email, password: PASSWORD, email_confirm: true });
    const userId = created.data.user?.id ?? '';
    const { supabase } = compatClient(server, { storageKey: `admin-${name}-mfa` });
    const signedIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const enrolled = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Telefon',
    });
    const factor = enrolled.data;
    if (!factor || factor.type !== 'totp') throw new Error('no totp factor');
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    expect(
      (await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })).error,
    ).toBeNull();

    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified' }),
    ]);
    const deleted = await admin().mfa.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // supabase-js 2.119.1 wraps the deleted factor once more: `data.data` is GoTrue's answer.
    expect(deleted.data).toMatchObject({ data: { id: factor.id, factor_type: 'totp' } });
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);

    const jwt = signedIn.data.session?.access_token ?? '';
    const { data: session } = await supabase.auth.getSession();
    const out = await admin().signOut(session.session?.access_token ?? jwt, 'global');
    expect(out.error).toBeNull();
    const after = await supabase.auth.getUser(session.session?.access_token ?? jwt);
    expect(after.error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('the anon key is no admin: GoTrue’s 403 not_admin', async () => {
    const anon = createClient(server.siteUrl, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { error } = await anon.auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
  });
});
