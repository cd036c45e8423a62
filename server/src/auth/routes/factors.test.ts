import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { mfaChallenges } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

// One IP makes every request here; the MFA limit itself is tested in rate-limits.test.ts.
const t = useTestApp({
  rateLimits: { ...DEFAULT_RATE_LIMITS, mfa: { max: 10_000, windowSeconds: 60 } },
});

const PASSWORD = 'dobre-heslo-123';

async function signIn(email: string, create = true): Promise<WireSession> {
  if (create) await confirmedUser(t, email, PASSWORD);
  return (await passwordGrant(t, t.apikey, { email, password: PASSWORD })).json();
}

const call = (
  session: WireSession,
  method: 'POST' | 'DELETE' | 'PUT' | 'GET',
  url: string,
  payload?: Record<string, unknown>,
  ip = '127.0.0.1',
) =>
  t.app.inject({
    method,
    url: `/auth/v1${url}`,
    headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
    payload,
    remoteAddress: ip,
  });

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

interface Enrolled {
  id: string;
  type: string;
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

async function enrollTotp(session: WireSession, name = 'Telefon'): Promise<Enrolled> {
  const res = await call(session, 'POST', '/factors', {
    factor_type: 'totp',
    friendly_name: name,
    issuer: 'Parťák',
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function verifyTotp(session: WireSession, factor: Enrolled, code: string) {
  const challenge = (await call(session, 'POST', `/factors/${factor.id}/challenge`, {})).json<{
    id: string;
  }>();
  return call(session, 'POST', `/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code,
  });
}

describe('TOTP factors', () => {
  it('enroll → challenge → verify lifts the session to aal2 and ends other aal1 sessions', async () => {
    const other = await signIn('totp@example.cz');
    const session = await signIn('totp@example.cz', false);
    const factor = await enrollTotp(session);
    expect(Object.keys(factor).sort()).toEqual(['friendly_name', 'id', 'totp', 'type']);
    expect(factor.totp.qr_code).toMatch(/^<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Par%C5%A5%C3%A1k:totp%40example\.cz\?/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    const challengeRes = await call(session, 'POST', `/factors/${factor.id}/challenge`, {
      factorId: factor.id,
    });
    const challenge = challengeRes.json<{ id: string; type: string; expires_at: number }>();
    expect(challenge.type).toBe('totp');
    expect(challenge.expires_at - Date.now() / 1000).toBeGreaterThan(290);

    const verified = await call(session, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.statusCode).toBe(200);
    const upgraded = verified.json<WireSession>();
    const claims = decodeJwt(upgraded.access_token) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(upgraded.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified' }),
    ]);
    // The other aal1 session is gone; the new refresh token keeps aal2.
    expect((await call(other, 'GET', '/user')).json()).toMatchObject({ code: 'session_not_found' });
    const refreshed = (await refreshGrant(t, t.apikey, upgraded.refresh_token)).json<WireSession>();
    expect((decodeJwt(refreshed.access_token) as { aal: string }).aal).toBe('aal2');
    // The pre-MFA refresh token cannot mint anything: it counts as a reused token.
    const stale = await refreshGrant(t, t.apikey, session.refresh_token);
    expect(stale.json()).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('refuses a wrong code, a used code, a foreign IP and an expired challenge', async () => {
    const session = await signIn('totp-bad@example.cz');
    const factor = await enrollTotp(session);
    const wrong = await verifyTotp(
      session,
      factor,
      '000000' === codeFor(factor.totp.secret) ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    // A code from two steps (a minute) ago has expired: only ±1 step of drift is accepted.
    const expired = await verifyTotp(session, factor, codeFor(factor.totp.secret, -2));
    expect(expired.json()).toMatchObject({ code: 'mfa_verification_failed' });
    const code = codeFor(factor.totp.secret);
    const good = (await verifyTotp(session, factor, code)).json<WireSession>();
    const reused = await verifyTotp(good, factor, code);
    expect(reused.json()).toMatchObject({ code: 'mfa_verification_failed' });

    const challenge = (await call(good, 'POST', `/factors/${factor.id}/challenge`)).json<{
      id: string;
    }>();
    const elsewhere = await call(
      good,
      'POST',
      `/factors/${factor.id}/verify`,
      { challenge_id: challenge.id, code: codeFor(factor.totp.secret, 1) },
      '203.0.113.5',
    );
    expect(elsewhere.json()).toMatchObject({ code: 'mfa_ip_address_mismatch' });
    await t.database.db
      .update(mfaChallenges)
      .set({ createdAt: new Date(Date.now() - 301_000) })
      .where(eq(mfaChallenges.id, challenge.id));
    const late = await call(good, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: codeFor(factor.totp.secret, 1),
    });
    expect(late.json()).toMatchObject({ code: 'mfa_challenge_expired' });
    const unknown = await call(good, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: crypto.randomUUID(),
      code: '123456',
    });
    expect(unknown.json()).toMatchObject({ code: 'mfa_factor_not_found' });
    const fresh = (await call(good, 'POST', `/factors/${factor.id}/challenge`)).json<{
      id: string;
    }>();
    const empty = await call(good, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: fresh.id,
      code: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('guards a verified factor: aal2 to enroll another, to unenroll, and to change the password', async () => {
    const session = await signIn('totp-guard@example.cz');
    const factor = await enrollTotp(session);
    const aal2 = (
      await verifyTotp(session, factor, codeFor(factor.totp.secret))
    ).json<WireSession>();
    const aal1 = await signIn('totp-guard@example.cz', false);

    expect((await call(aal1, 'POST', '/factors', { factor_type: 'totp' })).json()).toMatchObject({
      code: 'insufficient_aal',
    });
    const remove = await call(aal1, 'DELETE', `/factors/${factor.id}`);
    expect(remove.statusCode).toBe(422);
    expect(remove.json()).toMatchObject({ code: 'insufficient_aal' });
    const password = await call(aal1, 'PUT', '/user', { password: 'uplne-nove-heslo' });
    expect(password.statusCode).toBe(401);
    expect(password.json()).toMatchObject({ code: 'insufficient_aal' });

    const removed = await call(aal2, 'DELETE', `/factors/${factor.id}`);
    expect(removed.json()).toEqual({ id: factor.id });
    const after = (await refreshGrant(t, t.apikey, aal2.refresh_token)).json<WireSession>();
    expect((decodeJwt(after.access_token) as { aal: string }).aal).toBe('aal1');
    expect(after.user.factors).toBeUndefined();
  });

  it('keeps to the limits: names, ten factors, unknown types and factors', async () => {
    const session = await signIn('totp-limits@example.cz');
    // Found by the fuzzer: an issuer too long for the QR code was a 500.
    const long = await call(session, 'POST', '/factors', {
      factor_type: 'totp',
      issuer: 'x'.repeat(2000),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed' });
    // And one with a lone surrogate, which cannot be URI-encoded at all.
    const broken = await call(session, 'POST', '/factors', {
      factor_type: 'totp',
      issuer: '\udfffx',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'validation_failed' });
    await enrollTotp(session, 'Jedna');
    expect(
      (
        await call(session, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'Jedna' })
      ).json(),
    ).toMatchObject({ code: 'mfa_factor_name_conflict' });
    for (let i = 2; i <= 10; i++) await enrollTotp(session, `Faktor ${i}`);
    expect((await call(session, 'POST', '/factors', { factor_type: 'totp' })).json()).toMatchObject(
      { code: 'too_many_enrolled_mfa_factors' },
    );
    expect((await call(session, 'POST', '/factors', { factor_type: 'sms' })).statusCode).toBe(400);
    expect(
      (await call(session, 'POST', `/factors/${crypto.randomUUID()}/challenge`)).statusCode,
    ).toBe(404);
    expect((await call(session, 'POST', '/factors/not-a-uuid/challenge')).statusCode).toBe(404);
  });
});

describe('phone factors', () => {
  it('texts a code through the SMS sender, once a minute, and verifies it', async () => {
    const session = await signIn('telefon@example.cz');
    expect(
      (await call(session, 'POST', '/factors', { factor_type: 'phone', phone: '777 123 456' }))
        .statusCode,
    ).toBe(400);
    const enrolled = await call(session, 'POST', '/factors', {
      factor_type: 'phone',
      phone: '+420 777 123 456',
    });
    const factor = enrolled.json<{ id: string; phone: string }>();
    expect(factor.phone).toBe('+420777123456');
    const challenge = (
      await call(session, 'POST', `/factors/${factor.id}/challenge`, { channel: 'sms' })
    ).json<{ id: string }>();
    const sms = t.sms.at(-1);
    expect(sms?.phone).toBe('+420777123456');
    const code = /\d{6}/.exec(sms?.message ?? '')?.[0] ?? '';
    expect(sms?.message).toContain('Parťák');
    const again = await call(session, 'POST', `/factors/${factor.id}/challenge`);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_sms_send_rate_limit' });
    const wrong = await call(session, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({
      code: 'mfa_verification_failed',
      message: 'Invalid MFA Phone code entered',
    });
    const right = await call(session, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code,
    });
    expect(right.statusCode).toBe(200);
    const claims = decodeJwt(right.json<WireSession>().access_token) as {
      amr: { method: string }[];
    };
    expect(claims.amr[0]?.method).toBe('mfa/phone');
    const duplicate = await call(right.json<WireSession>(), 'POST', '/factors', {
      factor_type: 'phone',
      phone: '+420777123456',
    });
    expect(duplicate.json()).toMatchObject({ code: 'mfa_verified_factor_exists' });
  });
});

describe('passkey factors', () => {
  it('a registration challenge carries creation options for the configured relying party', async () => {
    const session = await signIn('passkey@example.cz');
    const factor = (
      await call(session, 'POST', '/factors', {
        factor_type: 'webauthn',
        friendly_name: 'Notebook',
      })
    ).json<{ id: string; type: string }>();
    expect(factor.type).toBe('webauthn');
    const challenge = (
      await call(session, 'POST', `/factors/${factor.id}/challenge`, {
        webauthn: { rpId: 'evil.example', rpOrigins: ['https://evil.example'] },
      })
    ).json<{
      webauthn: {
        type: string;
        credential_options: {
          publicKey: { rp: { id: string }; challenge: string; user: { name: string } };
        };
      };
      id: string;
    }>();
    expect(challenge.webauthn.type).toBe('create');
    expect(challenge.webauthn.credential_options.publicKey.rp.id).toBe('localhost');
    expect(challenge.webauthn.credential_options.publicKey.user.name).toBe('passkey@example.cz');
    expect(challenge.webauthn.credential_options.publicKey.challenge).toMatch(/^[\w-]{20,}$/);
    const forged = await call(session, 'POST', `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      webauthn: {
        type: 'create',
        credential_response: { id: 'x', rawId: 'x', response: {}, type: 'public-key' },
      },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ code: 'mfa_verification_failed' });
  });
});
