import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { mfaFactors, webauthnChallenges, webauthnCredentials } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { ORIGIN, usePasskeyApp } from '../../../test/passkey-helpers.ts';
import {
  SoftwareAuthenticator,
  type CreationOptionsJson,
} from '../../../test/software-authenticator.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds())('passkey registration on $name', ({ open }) => {
  const p = usePasskeyApp(open);

  const options = async (session: Awaited<ReturnType<typeof p.signIn>>) => {
    const res = await p.call('POST', '/passkeys/registration/options', { session });
    expect(res.statusCode).toBe(200);
    return res.json<{ challenge_id: string; options: CreationOptionsJson; expires_at: number }>();
  };

  it('offers GoTrue’s creation options for a discoverable key of the configured relying party', async () => {
    const session = await p.signIn('nova@example.cz');
    const userId = decodeJwt(session.access_token).sub as string;
    const res = await p.call('POST', '/passkeys/registration/options', { session });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['challenge_id', 'expires_at', 'options']);
    expect(body.challenge_id).toMatch(UUID);
    const now = Date.now() / 1000;
    expect(body.expires_at).toBeGreaterThan(now + 290);
    expect(body.expires_at).toBeLessThanOrEqual(now + 301);
    expect(body.options).toEqual({
      rp: { name: 'Parťák', id: 'localhost' },
      user: {
        name: 'nova@example.cz',
        displayName: 'nova@example.cz',
        id: Buffer.from(userId).toString('base64url'),
      },
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      pubKeyCredParams: [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8].map((alg) => ({
        type: 'public-key',
        alg,
      })),
      timeout: 300_000,
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
      attestation: 'none',
    });
    // Only the challenge's hash is kept, bound to the user.
    const [stored] = await p.t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.id, body.challenge_id as string));
    expect(stored).toMatchObject({ userId, challengeType: 'registration' });
    expect(JSON.stringify(stored)).not.toContain((body.options as { challenge: string }).challenge);
  });

  it('keeps the new passkey, named after its provider, and excludes it from the next options', async () => {
    const session = await p.signIn('klic@example.cz');
    const device = new SoftwareAuthenticator(ORIGIN);
    const res = await p.register(session, device, {
      aaguid: 'ea9b8d664d011d213ce4b6b48cb575d4',
    });
    expect(res.statusCode).toBe(200);
    const made = res.json<Record<string, string>>();
    expect(Object.keys(made).sort()).toEqual(['created_at', 'friendly_name', 'id']);
    expect(made).toMatchObject({ id: expect.stringMatching(UUID) as string });
    expect(made.friendly_name).toBe('Google Password Manager');
    const [row] = await p.t.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.id, made.id as string));
    expect(row).toMatchObject({
      credentialId: device.passkeys[0]?.credentialId,
      attestationType: 'none',
      aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
      signCount: 0,
      backupEligible: true,
      backedUp: true,
    });
    const next = await options(session);
    expect(next.options.excludeCredentials).toEqual([
      { type: 'public-key', id: device.passkeys[0]?.credentialId },
    ]);
    // The same authenticator refuses to make a second one for the account.
    expect(() => device.create(next.options)).toThrow(/InvalidStateError/);
  });

  it('also excludes the passkeys the user has as second factors, which a new one would replace', async () => {
    const session = await p.signIn('faktor@example.cz');
    const userId = decodeJwt(session.access_token).sub as string;
    await p.t.database.db.insert(mfaFactors).values({
      userId,
      factorType: 'webauthn',
      status: 'unverified',
      friendlyName: 'Notebook',
      webauthnCredential: { id: 'mfa-credential-id', publicKey: 'x', counter: 0 },
    });
    const next = await options(session);
    expect(next.options.excludeCredentials).toEqual([
      { type: 'public-key', id: 'mfa-credential-id' },
    ]);
  });

  it('refuses answers from another origin or for another relying party', async () => {
    const session = await p.signIn('cizi@example.cz');
    const phishing = await p.register(session, new SoftwareAuthenticator('https://evil.example'));
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json()).toMatchObject({
      code: 'webauthn_verification_failed',
      message: 'Credential verification failed',
    });
    const otherRp = await p.register(session, new SoftwareAuthenticator(ORIGIN), {
      rpId: 'evil.example',
    });
    expect(otherRp.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    const otherChallenge = await p.register(session, new SoftwareAuthenticator(ORIGIN), {
      challenge: Buffer.alloc(32, 7).toString('base64url'),
    });
    expect(otherChallenge.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    expect(
      await p.t.database.db
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, decodeJwt(session.access_token).sub as string)),
    ).toEqual([]);
  });

  it('uses a challenge once, for its own user only, and not after it expired', async () => {
    const session = await p.signIn('jednou@example.cz');
    const other = await p.signIn('druhy@example.cz');
    const device = new SoftwareAuthenticator(ORIGIN);
    const issued = await options(session);
    const credential = device.create(issued.options);
    const stolen = await p.call('POST', '/passkeys/registration/verify', {
      session: other,
      payload: { challenge_id: issued.challenge_id, credential },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      code: 'webauthn_challenge_not_found',
      message: 'Challenge not found or already used',
    });
    const verify = () =>
      p.call('POST', '/passkeys/registration/verify', {
        session,
        payload: { challenge_id: issued.challenge_id, credential },
      });
    expect((await verify()).statusCode).toBe(200);
    const replay = await verify();
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'webauthn_challenge_not_found' });

    const late = await options(session);
    await p.t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, late.challenge_id));
    const expired = await p.call('POST', '/passkeys/registration/verify', {
      session,
      payload: {
        challenge_id: late.challenge_id,
        credential: new SoftwareAuthenticator(ORIGIN).create(late.options),
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'webauthn_challenge_expired',
      message: 'Challenge has expired',
    });
  });

  it('stops at ten passkeys, when asked for options and when verifying', async () => {
    const session = await p.signIn('deset@example.cz');
    const pending = await options(session);
    for (let i = 0; i < 10; i += 1) {
      expect((await p.register(session, new SoftwareAuthenticator(ORIGIN))).statusCode).toBe(200);
    }
    const refused = await p.call('POST', '/passkeys/registration/options', { session });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'too_many_passkeys',
      message: 'Maximum number of passkeys reached',
    });
    const late = await p.call('POST', '/passkeys/registration/verify', {
      session,
      payload: {
        challenge_id: pending.challenge_id,
        credential: new SoftwareAuthenticator(ORIGIN).create(pending.options),
      },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'too_many_passkeys' });
  });

  it('asks a user with a second factor for an aal2 session', async () => {
    const session = await p.signIn('mfa@example.cz');
    const userId = decodeJwt(session.access_token).sub as string;
    await p.t.database.db
      .insert(mfaFactors)
      .values({ userId, factorType: 'totp', status: 'verified', secret: 'JBSWY3DPEHPK3PXP' });
    const res = await p.call('POST', '/passkeys/registration/options', { session });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'insufficient_aal',
      message: 'AAL2 session is required to manage passkeys when MFA is enabled',
    });
  });

  it('answers bad input with GoTrue’s 4xx, never a 5xx', async () => {
    const session = await p.signIn('spatne@example.cz');
    const noToken = await p.call('POST', '/passkeys/registration/options', { payload: {} });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'no_authorization' });
    const issued = await options(session);
    const cases: [unknown, number, string, string?][] = [
      [{}, 400, 'validation_failed', 'challenge_id is required'],
      [{ challenge_id: issued.challenge_id }, 400, 'validation_failed', 'credential is required'],
      [{ challenge_id: 'abc', credential: {} }, 400, 'validation_failed'],
      [{ challenge_id: 7, credential: {} }, 400, 'bad_json'],
      [[], 400, 'bad_json'],
      [{ challenge_id: issued.challenge_id, credential: 'x' }, 400, 'webauthn_verification_failed'],
    ];
    for (const [payload, status, code, message] of cases) {
      const res = await p.call('POST', '/passkeys/registration/verify', { session, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code, ...(message ? { message } : {}) });
    }
    // The last case used the challenge up, as GoTrue does; a fresh one meets garbage answers.
    const garbage: unknown[] = [
      { id: 'a', rawId: 'a', type: 'public-key', response: {} },
      {
        id: 'a',
        rawId: 'a',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
      { id: 'a b', rawId: 'a', type: 'other', response: null },
    ];
    for (const credential of garbage) {
      const fresh = await options(session);
      const res = await p.call('POST', '/passkeys/registration/verify', {
        session,
        payload: { challenge_id: fresh.challenge_id, credential },
      });
      expect(res.statusCode, JSON.stringify(credential)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    }
  });
});
