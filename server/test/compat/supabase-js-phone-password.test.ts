import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { databaseKinds } from '../databases.ts';
import { startSmsPeer, type SmsPeer } from '../sms-peer.ts';
import { compatClient, startCompatServer, type CompatServer } from './compat-server.ts';

const PASSWORD = 'Dobre-heslo-2026';
/** The code in a text message (its only number). */
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const amrOf = (accessToken: string | undefined) =>
  (decodeJwt(accessToken ?? '').amr as { method: string }[]).map((entry) => entry.method);

/**
 * The unmodified supabase-js against the real server: `signUp({ phone, password })`, the texted
 * code through `verifyOtp({ type: 'sms' })`, and `signInWithPassword({ phone, password })` — with
 * texts going to a local SMS gateway, and with AUTH_AUTOCONFIRM as the official suite's
 * autoconfirm instance runs (its SMS webhook unreachable, so no text may be needed).
 */
describe.each(databaseKinds())('supabase-js phone sign-up with a password on $name', ({ open }) => {
  describe('numbers confirmed by a texted code', () => {
    let server: CompatServer;
    let sms: SmsPeer;
    beforeAll(async () => {
      sms = await startSmsPeer();
      server = await startCompatServer(open, { SMS_WEBHOOK_URL: sms.url });
    });
    afterAll(async () => {
      await server?.close();
      await sms?.close();
    });

    it('signUp texts a code; signInWithPassword waits for it; verifyOtp confirms; then the password signs in', async () => {
      const { supabase } = compatClient(server, { storageKey: 'phone-password' });
      const signedUp = await supabase.auth.signUp({
        phone: '+420 777 123 456',
        password: PASSWORD,
        options: { data: { name: 'Mobil' } },
      });
      expect(signedUp.error).toBeNull();
      expect(signedUp.data.session).toBeNull();
      expect(signedUp.data.user).toMatchObject({
        phone: '420777123456',
        user_metadata: { name: 'Mobil' },
        app_metadata: { provider: 'phone' },
      });
      const text = await sms.waitFor('+420777123456');

      const early = await supabase.auth.signInWithPassword({
        phone: '+420777123456',
        password: PASSWORD,
      });
      expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });

      const verified = await supabase.auth.verifyOtp({
        phone: '420777123456',
        token: codeOf(text.message),
        type: 'sms',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
      await supabase.auth.signOut();

      const wrong = await supabase.auth.signInWithPassword({
        phone: '420777123456',
        password: 'spatne-heslo',
      });
      expect(wrong.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
      const { data, error } = await supabase.auth.signInWithPassword({
        phone: '+420 777 123 456',
        password: PASSWORD,
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        phone: '420777123456',
        email: '',
        phone_confirmed_at: expect.any(String),
        app_metadata: { provider: 'phone' },
      });
      expect(amrOf(data.session?.access_token)).toEqual(['password']);
      expect((await supabase.auth.getUser()).data.user?.phone).toBe('420777123456');
    });

    it('signUp with a number already confirmed looks like a new sign-up and texts nothing', async () => {
      const { supabase } = compatClient(server, { storageKey: 'phone-again' });
      const before = sms.received.length;
      const again = await supabase.auth.signUp({ phone: '420777123456', password: 'Jine-2026' });
      expect(again.error).toBeNull();
      expect(again.data.session).toBeNull();
      expect(again.data.user).toMatchObject({ phone: '420777123456', identities: [] });
      expect(sms.received.length).toBe(before);
    });

    it('signUp refuses a channel it has no provider for, and a malformed number', async () => {
      const { supabase } = compatClient(server, { storageKey: 'phone-bad' });
      const whatsapp = await supabase.auth.signUp({
        phone: '420777999111',
        password: PASSWORD,
        options: { channel: 'whatsapp' },
      });
      expect(whatsapp.error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(whatsapp.data).toEqual({ user: null, session: null });
      const malformed = await supabase.auth.signUp({ phone: '+0 12', password: PASSWORD });
      expect(malformed.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid phone number format (E.164 required)',
      });
    });
  });

  describe('AUTH_AUTOCONFIRM, as the official suite runs it', () => {
    let server: CompatServer;
    beforeAll(async () => {
      server = await startCompatServer(open, {
        AUTH_AUTOCONFIRM: 'true',
        AUTH_SMS_TEST_OTP: '1234567890=123456',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable-sms-provider',
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('signUp signs in at once; signInWithPassword for the phone answers the suite’s shape', async () => {
      const { supabase } = compatClient(server, { storageKey: 'phone-autoconfirm' });
      // The suite's mockUserCredentials(): "1" and ten digits, no plus.
      const phone = `1${Date.now().toString().slice(-10)}`;
      const signedUp = await supabase.auth.signUp({ phone, password: PASSWORD });
      expect(signedUp.error).toBeNull();
      expect(signedUp.data.session?.user.phone).toBe(phone);
      expect(amrOf(signedUp.data.session?.access_token)).toEqual(['password']);

      const { data, error } = await supabase.auth.signInWithPassword({ phone, password: PASSWORD });
      expect(error).toBeNull();
      const expectedUser = {
        id: expect.any(String),
        email: expect.any(String),
        phone: expect.any(String),
        aud: expect.any(String),
        phone_confirmed_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        app_metadata: { provider: 'phone' },
      };
      expect(data.session).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: expect.any(Number),
        expires_at: expect.any(Number),
        user: expectedUser,
      });
      expect(data.user).toMatchObject(expectedUser);
      expect(data.user?.phone).toBe(phone);

      const taken = await supabase.auth.signUp({ phone, password: PASSWORD });
      expect(taken.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    });
  });
});
