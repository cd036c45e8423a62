import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { users } from '../../src/db/schema/index.ts';
import { databaseKinds } from '../databases.ts';
import type { CapturedMail } from '../smtp-capture.ts';
import { startSmsPeer, type SmsPeer } from '../sms-peer.ts';
import { compatClient, openLink, startCompatServer, type CompatServer } from './compat-server.ts';

const PASSWORD = 'Dobre-heslo-2026';
const TEST_NUMBER = '1234567890';
/** The code in a text message (its only number). */
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/**
 * The unmodified supabase-js against the real server: `signInWithOtp` (e-mail and phone),
 * `verifyOtp` for every type, `resend`, and the PKCE magic link. Mail goes over SMTP into a
 * capture, texts to a local SMS gateway; codes and links are read from what arrived there.
 */
describe.each(databaseKinds())(
  'supabase-js one-time codes and magic links on $name',
  ({ open }) => {
    let server: CompatServer;
    let sms: SmsPeer;
    beforeAll(async () => {
      sms = await startSmsPeer();
      server = await startCompatServer(open, {
        SMS_WEBHOOK_URL: sms.url,
        AUTH_SMS_TEST_OTP: `${TEST_NUMBER}=123456`,
      });
    });
    afterAll(async () => {
      await server?.close();
      await sms?.close();
    });

    const client = (storageKey: string, flowType: 'implicit' | 'pkce' = 'implicit') => {
      const made = compatClient(server, { storageKey, flowType });
      const events: AuthChangeEvent[] = [];
      made.supabase.auth.onAuthStateChange((event) => void events.push(event));
      return { ...made, events };
    };
    /** The next mail to `to` that the test has not seen yet. */
    const seen = new Set<CapturedMail>();
    const nextMail = async (to: string) => {
      const mail = await server.capture.waitFor(to, (candidate) => !seen.has(candidate));
      seen.add(mail);
      return mail;
    };
    const minuteLater = (email: string) =>
      server.db
        .update(users)
        .set({ confirmationSentAt: null, recoverySentAt: null, emailChangeSentAt: null })
        .where(eq(users.email, email));
    const amrOf = (accessToken: string | undefined) =>
      (decodeJwt(accessToken ?? '').amr as { method: string }[]).map((entry) => entry.method);

    it('signInWithOtp makes a new account; verifyOtp({ type: email }) with the mailed code signs in', async () => {
      const { supabase, events } = client('otp-new');
      const email = 'novy@example.cz';
      const sent = await supabase.auth.signInWithOtp({
        email,
        options: { data: { name: 'Nový' }, emailRedirectTo: `${server.siteUrl}/vitej` },
      });
      expect(sent).toEqual({ data: { user: null, session: null }, error: null });
      const mail = await nextMail(email);
      expect(mail.subject).toBe('Potvrď svůj e-mail v Parťákovi');
      expect(mail.link).toContain(encodeURIComponent(`${server.siteUrl}/vitej`));
      expect(mail.code).toMatch(/^\d{6}$/);

      const verified = await supabase.auth.verifyOtp({
        email,
        token: mail.code ?? '',
        type: 'email',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user).toMatchObject({ email, user_metadata: { name: 'Nový' } });
      expect(verified.data.user?.email_confirmed_at).toBeTruthy();
      expect(events).toContain('SIGNED_IN');
      expect((await supabase.auth.getUser()).data.user?.email).toBe(email);

      const again = await supabase.auth.verifyOtp({ email, token: mail.code ?? '', type: 'email' });
      expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    });

    it('a confirmed account gets a magic link: its code as magiclink, its token_hash as email', async () => {
      const email = 'magic@example.cz';
      const { supabase: signer } = client('otp-magic-signup');
      await signer.auth.signUp({ email, password: PASSWORD });
      await openLink((await nextMail(email)).link ?? '');

      const { supabase } = client('otp-magic');
      expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
      const magic = await nextMail(email);
      expect(magic.subject).toBe('Tvůj odkaz pro přihlášení do Parťáka');
      const byCode = await supabase.auth.verifyOtp({
        email,
        token: magic.code ?? '',
        type: 'magiclink',
      });
      expect(byCode.error).toBeNull();
      expect(amrOf(byCode.data.session?.access_token)).toEqual(['otp']);

      await minuteLater(email);
      await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      const tokenHash = new URL((await nextMail(email)).link ?? '').searchParams.get('token') ?? '';
      const byHash = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
      expect(byHash.error).toBeNull();
      expect(byHash.data.session?.user.email).toBe(email);
    });

    it('shouldCreateUser: false for an unknown address is GoTrue’s otp_disabled', async () => {
      const { supabase } = client('otp-no-create');
      const res = await supabase.auth.signInWithOtp({
        email: 'nikdo@example.cz',
        options: { shouldCreateUser: false },
      });
      expect(res.error).toMatchObject({
        status: 422,
        code: 'otp_disabled',
        message: 'Signups not allowed for otp',
      });
    });

    it('resend({ type: signup }) mails a new confirmation whose code verifies as signup', async () => {
      const email = 'znovu@example.cz';
      const { supabase } = client('otp-resend');
      await supabase.auth.signUp({ email, password: PASSWORD });
      await nextMail(email);
      const soon = await supabase.auth.resend({ type: 'signup', email });
      expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      await minuteLater(email);
      expect((await supabase.auth.resend({ type: 'signup', email })).error).toBeNull();
      const code = (await nextMail(email)).code ?? '';
      const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.access_token).toBeTruthy();
    });

    it('resetPasswordForEmail: verifyOtp({ type: recovery }) signs in for a new password', async () => {
      const email = 'heslo@example.cz';
      const { supabase, events } = client('otp-recovery');
      await supabase.auth.signUp({ email, password: PASSWORD });
      await openLink((await nextMail(email)).link ?? '');
      await supabase.auth.resetPasswordForEmail(email);
      const code = (await nextMail(email)).code ?? '';
      const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'recovery' });
      expect(verified.error).toBeNull();
      expect(events).toContain('PASSWORD_RECOVERY');
      expect((await supabase.auth.updateUser({ password: 'Nove-heslo-2026' })).error).toBeNull();
    });

    it('updateUser({ email }): verifyOtp({ type: email_change }) with each address’s code', async () => {
      const email = 'puvodni@example.cz';
      const { supabase } = client('otp-email-change');
      await supabase.auth.signUp({ email, password: PASSWORD });
      await openLink((await nextMail(email)).link ?? '');
      await supabase.auth.signInWithPassword({ email, password: PASSWORD });
      expect((await supabase.auth.updateUser({ email: 'dalsi@example.cz' })).error).toBeNull();
      const toOld = (await nextMail(email)).code ?? '';
      const toNew = (await nextMail('dalsi@example.cz')).code ?? '';
      const half = await supabase.auth.verifyOtp({ email, token: toOld, type: 'email_change' });
      expect(half).toEqual({ data: { user: null, session: null }, error: null });
      const done = await supabase.auth.verifyOtp({
        email: 'dalsi@example.cz',
        token: toNew,
        type: 'email_change',
      });
      expect(done.error).toBeNull();
      expect(done.data.user?.email).toBe('dalsi@example.cz');
    });

    it('PKCE: the magic link comes back with ?code=, and exchangeCodeForSession signs in', async () => {
      const email = 'pkce-magic@example.cz';
      const { supabase: signer } = client('otp-pkce-signup');
      await signer.auth.signUp({ email, password: PASSWORD });
      await openLink((await nextMail(email)).link ?? '');

      const { supabase, storage } = client('otp-pkce', 'pkce');
      const back = `${server.siteUrl}/prihlaseni`;
      await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: back } });
      const link = (await nextMail(email)).link ?? '';
      expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
      const { status, location } = await openLink(link);
      expect(status).toBe(303);
      expect(`${location.origin}${location.pathname}`).toBe(back);
      const code = location.searchParams.get('code') ?? '';
      expect([...storage.keys()].some((key) => key.endsWith('-code-verifier'))).toBe(true);

      const exchanged = await supabase.auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user?.email).toBe(email);
      expect(amrOf(exchanged.data.session?.access_token)).toEqual(['magiclink']);
    });

    it('phone: signInWithOtp texts a code; verifyOtp({ type: sms }) signs in; resend waits a minute', async () => {
      const { supabase } = client('otp-phone');
      const sent = await supabase.auth.signInWithOtp({ phone: '+420 777 123 456' });
      expect(sent.error).toBeNull();
      const text = await sms.waitFor('+420777123456');
      expect(text.message).toContain('Parťák');
      const soon = await supabase.auth.resend({ type: 'sms', phone: '+420777123456' });
      expect(soon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });

      const verified = await supabase.auth.verifyOtp({
        phone: '+420777123456',
        token: codeOf(text.message),
        type: 'sms',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user).toMatchObject({ phone: '420777123456' });
      expect(verified.data.user?.phone_confirmed_at).toBeTruthy();

      // A new number for the account: updateUser({ phone }), then the code sent there.
      expect((await supabase.auth.updateUser({ phone: '+420608123456' })).error).toBeNull();
      const change = await sms.waitFor('+420608123456');
      const moved = await supabase.auth.verifyOtp({
        phone: '420608123456',
        token: codeOf(change.message),
        type: 'phone_change',
      });
      expect(moved.error).toBeNull();
      expect(moved.data.user?.phone).toBe('420608123456');
    });

    it('phone: the official suite’s test number signs in with 123456, no text sent', async () => {
      const { supabase } = client('otp-test-number');
      const before = sms.received.length;
      expect((await supabase.auth.signInWithOtp({ phone: TEST_NUMBER })).error).toBeNull();
      const verified = await supabase.auth.verifyOtp({
        phone: TEST_NUMBER,
        token: '123456',
        type: 'sms',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.phone).toBe(TEST_NUMBER);
      const wrong = await supabase.auth.verifyOtp({
        phone: TEST_NUMBER,
        token: '000000',
        type: 'sms',
      });
      expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
      expect(sms.received.length).toBe(before);
    });
  },
);
