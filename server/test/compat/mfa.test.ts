import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { databaseKinds } from '../databases.ts';
import { compatClient, openLink, startCompatServer, type CompatServer } from './compat-server.ts';

const PASSWORD = 'Dobre-heslo-2026';
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** supabase-js's `auth.mfa` against the real server: TOTP from enrolment to removal. */
describe.each(databaseKinds())('supabase-js mfa on $name', ({ open }) => {
  let server: CompatServer;
  beforeAll(async () => {
    server = await startCompatServer(open);
  });
  afterAll(() => server.close());

  it('enroll → challenge → verify → aal2 → listFactors → unenroll', async () => {
    const email = 'mfa@example.cz';
    const { supabase } = compatClient(server, { storageKey: 'mfa' });
    await supabase.auth.signUp({ email, password: PASSWORD });
    await openLink((await server.capture.waitFor(email)).link ?? '');
    const signedIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();

    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrolled = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Telefon',
      issuer: 'Parťák',
    });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (!factor || factor.type !== 'totp') throw new Error('no totp factor');
    // supabase-js turns the raw SVG into a data URI itself.
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    const wrong = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(factor.totp.secret) === '123456' ? '654321' : '123456',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const verified = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    const after = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      after.data?.currentAuthenticationMethods.map((entry) =>
        typeof entry === 'string' ? entry : entry.method,
      ),
    ).toEqual(['totp', 'password']);
    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data?.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);

    // A second device signs in with the password only: aal1 now, aal2 next.
    const other = compatClient(server, { storageKey: 'mfa-other' }).supabase;
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const pending = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(pending.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe('insufficient_aal');

    const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    await supabase.auth.refreshSession();
    const none = await supabase.auth.mfa.listFactors();
    expect(none.data?.all).toEqual([]);
  });
});
