import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { databaseKinds } from '../databases.ts';
import {
  SoftwareAuthenticator,
  type CreationOptionsJson,
  type RequestOptionsJson,
} from '../software-authenticator.ts';
import {
  compatClient,
  openLink,
  startCompatServer,
  UUID,
  type CompatServer,
} from './compat-server.ts';

const PASSWORD = 'Dobre-heslo-2026';
/**
 * The page the app runs on, as the browser reports it: the compat server's relying party is the
 * default one (WEBAUTHN_RP_* unset), SITE_URL's default origin, whatever port the API listens on.
 */
const APP_ORIGIN = 'http://localhost:8080';

/**
 * The browser's platform for supabase-js's passkey methods, which call WebAuthn in the browser:
 * `window`, `document`, `PublicKeyCredential` (with the Level 3 JSON parsers, so options reach
 * the authenticator as the server sent them) and `navigator.credentials`, backed by a software
 * authenticator. Only the platform is stood in for: supabase-js and the server run unmodified.
 */
function actAsBrowser(device: SoftwareAuthenticator) {
  class PublicKeyCredential {
    readonly json: object;
    constructor(json: object) {
      this.json = json;
    }
    toJSON() {
      return this.json;
    }
    static parseCreationOptionsFromJSON = (options: unknown) => options;
    static parseRequestOptionsFromJSON = (options: unknown) => options;
  }
  const credentials = {
    create: async ({ publicKey }: { publicKey: CreationOptionsJson }) =>
      new PublicKeyCredential(device.create(publicKey)),
    get: async ({ publicKey }: { publicKey: RequestOptionsJson }) =>
      new PublicKeyCredential(device.get(publicKey)),
  };
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', {});
  vi.stubGlobal('navigator', { credentials });
}

describe.each(databaseKinds())('supabase-js passkeys on $name', ({ open }) => {
  let server: CompatServer;
  beforeAll(async () => {
    server = await startCompatServer(open);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function signedInClient(email: string, storageKey: string) {
    const client = compatClient(server, { storageKey });
    await client.supabase.auth.signUp({ email, password: PASSWORD });
    await openLink((await server.capture.waitFor(email)).link ?? '');
    const signedIn = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    return client;
  }

  it('registerPasskey → passkey.list/update → signOut → signInWithPasskey → passkey.delete', async () => {
    const email = 'passkey@example.cz';
    const { supabase, requests } = await signedInClient(email, 'passkeys');
    const userId = (await supabase.auth.getUser()).data.user?.id;
    const device = new SoftwareAuthenticator(APP_ORIGIN);

    actAsBrowser(device);
    const registered = await supabase.auth.registerPasskey();
    expect(registered.error).toBeNull();
    expect(registered.data).toMatchObject({ id: expect.stringMatching(UUID) as string });
    const passkeyId = registered.data?.id ?? '';
    expect(device.passkeys).toHaveLength(1);

    const listed = await supabase.auth.passkey.list();
    expect(listed.error).toBeNull();
    expect(listed.data?.map((item) => item.id)).toEqual([passkeyId]);
    const renamed = await supabase.auth.passkey.update({ passkeyId, friendlyName: 'Notebook' });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Notebook' });

    vi.unstubAllGlobals();
    await supabase.auth.signOut();
    expect((await supabase.auth.getSession()).data.session).toBeNull();

    actAsBrowser(device);
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => void events.push(event));
    const signedIn = await supabase.auth.signInWithPasskey();
    expect(signedIn.error).toBeNull();
    expect(signedIn.data?.user?.id).toBe(userId);
    const session = (await supabase.auth.getSession()).data.session;
    expect(session?.access_token).toBe(signedIn.data?.session?.access_token);
    expect(events).toContain('SIGNED_IN');
    const claims = decodeJwt(session?.access_token ?? '');
    expect(claims).toMatchObject({ sub: userId, aal: 'aal1' });
    expect(claims.amr).toEqual([{ method: 'passkey', timestamp: expect.any(Number) as number }]);
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect((await supabase.auth.passkey.list()).data?.[0]?.last_used_at).toEqual(
      expect.any(String),
    );

    const removed = await supabase.auth.passkey.delete({ passkeyId });
    expect(removed.error).toBeNull();
    expect((await supabase.auth.passkey.list()).data).toEqual([]);
    await supabase.auth.signOut();
    const refused = await supabase.auth.signInWithPasskey();
    expect(refused.error?.code).toBe('webauthn_verification_failed');
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    expect(requests).toContain('POST /auth/v1/passkeys/authentication/verify');
  });

  it('a passkey used from another site does not sign in (phishing)', async () => {
    const { supabase } = await signedInClient('phish@example.cz', 'phish');
    const device = new SoftwareAuthenticator(APP_ORIGIN);
    actAsBrowser(device);
    expect((await supabase.auth.registerPasskey()).error).toBeNull();
    vi.unstubAllGlobals();
    await supabase.auth.signOut();
    // The same passkey, offered on a look-alike page: the browser reports that page's origin.
    const elsewhere = new SoftwareAuthenticator('https://partak.example.com');
    elsewhere.passkeys.push(...device.passkeys);
    actAsBrowser(elsewhere);
    const result = await supabase.auth.signInWithPasskey();
    expect(result.error?.code).toBe('webauthn_verification_failed');
    expect(result.data).toBeNull();
  });

  it('registering needs a session', async () => {
    const { supabase } = compatClient(server, { storageKey: 'nobody' });
    actAsBrowser(new SoftwareAuthenticator(APP_ORIGIN));
    const result = await supabase.auth.registerPasskey();
    expect(result.error?.name).toBe('AuthSessionMissingError');
  });
});
