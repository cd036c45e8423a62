import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditLog, users, webauthnChallenges, webauthnCredentials } from '../../db/schema/index.ts';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { databaseKinds, pgliteDatabase } from '../../../test/databases.ts';
import type { WireSession } from '../../../test/auth-helpers.ts';
import { ORIGIN, usePasskeyApp } from '../../../test/passkey-helpers.ts';
import {
  SoftwareAuthenticator,
  type RequestOptionsJson,
} from '../../../test/software-authenticator.ts';

describe.each(databaseKinds())('passkey sign-in on $name', ({ open }) => {
  const p = usePasskeyApp(open);

  /** A user with a passkey on a device of their own. */
  async function withPasskey(email: string) {
    const session = await p.signIn(email);
    const device = new SoftwareAuthenticator(ORIGIN);
    expect((await p.register(session, device)).statusCode).toBe(200);
    return { device, userId: decodeJwt(session.access_token).sub as string };
  }

  const startSignIn = async () => {
    const res = await p.call('POST', '/passkeys/authentication/options', { payload: {} });
    expect(res.statusCode).toBe(200);
    return res.json<{ challenge_id: string; options: RequestOptionsJson; expires_at: number }>();
  };

  const answer = (challenge_id: string, credential: unknown) =>
    p.call('POST', '/passkeys/authentication/verify', { payload: { challenge_id, credential } });

  it('offers request options with no user and no credentials (discoverable, autofill)', async () => {
    const res = await p.call('POST', '/passkeys/authentication/options', {
      payload: { gotrue_meta_security: {} },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ challenge_id: string; options: unknown; expires_at: number }>();
    expect(body.options).toEqual({
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      timeout: 300_000,
      rpId: 'localhost',
      userVerification: 'preferred',
    });
    expect(body.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    const [stored] = await p.t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.id, body.challenge_id));
    expect(stored).toMatchObject({ userId: null, challengeType: 'authentication' });
    // The body only ever carries a captcha token (none is checked here): anything else is ignored.
    for (const payload of [[], { gotrue_meta_security: 7 }, { challenge_id: {} }]) {
      const res = await p.call('POST', '/passkeys/authentication/options', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
    }
  });

  it('signs the passkey’s user in: an aal1 session with amr "passkey", the use recorded', async () => {
    const { device, userId } = await withPasskey('prihlaseni@example.cz');
    const res = await p.passkeySignIn(device);
    expect(res.statusCode).toBe(200);
    const session = res.json<WireSession>();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toMatch(/^[\w-]{20,}$/);
    expect(session.user).toMatchObject({ id: userId, email: 'prihlaseni@example.cz' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: userId, aal: 'aal1' });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['passkey']);
    // The session works, and the passkey's counter and last use moved on.
    const me = await p.call('GET', '/user', { session });
    expect(me.json()).toMatchObject({ id: userId });
    const [row] = await p.t.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId));
    expect(row?.signCount).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const [entry] = await p.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'login')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry?.payload).toMatchObject({ method: 'passkey', passkey_id: row?.id });
  });

  it('refuses a replayed answer: the challenge is gone once used', async () => {
    const { device } = await withPasskey('replay@example.cz');
    const { challenge_id, options } = await startSignIn();
    const credential = device.get(options);
    expect((await answer(challenge_id, credential)).statusCode).toBe(200);
    const replay = await answer(challenge_id, credential);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'webauthn_challenge_not_found',
      message: 'Challenge not found or already used',
    });
  });

  it('refuses a counter that did not grow (a cloned authenticator), and one that raced', async () => {
    const { device } = await withPasskey('klon@example.cz');
    expect((await p.passkeySignIn(device, { counter: 5 })).statusCode).toBe(200);
    const again = await p.passkeySignIn(device, { counter: 5 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    const lower = await p.passkeySignIn(device, { counter: 3 });
    expect(lower.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    // Two answers with the same new counter at once: one wins.
    const [first, second] = await Promise.all([startSignIn(), startSignIn()]);
    const a = device.get(first.options, { counter: 9 });
    const b = device.get(second.options, { counter: 9 });
    const results = await Promise.all([
      answer(first.challenge_id, a),
      answer(second.challenge_id, b),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an unknown credential, a wrong user handle, another origin or relying party', async () => {
    const { device } = await withPasskey('cizi@example.cz');
    const { device: other } = await withPasskey('jiny@example.cz');
    const unknown = new SoftwareAuthenticator(ORIGIN);
    unknown.create({
      rp: { id: 'localhost', name: 'x' },
      user: {
        id: Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url'),
        name: 'x',
        displayName: 'x',
      },
      challenge: 'AAAA',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const failures = [
      await p.passkeySignIn(unknown),
      await p.passkeySignIn(device, { noUserHandle: true }),
      await p.passkeySignIn(device, { origin: 'https://evil.example' }),
      await p.passkeySignIn(device, { rpId: 'evil.example' }),
      await p.passkeySignIn(device, { challenge: Buffer.alloc(32, 1).toString('base64url') }),
    ];
    // The other user's handle on this user's credential.
    const { challenge_id, options } = await startSignIn();
    const swapped = device.get(options);
    swapped.response.userHandle = other.passkeys[0]?.userHandle;
    failures.push(await answer(challenge_id, swapped));
    for (const res of failures) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'webauthn_verification_failed',
        message: 'Credential verification failed',
      });
    }
  });

  it('refuses banned, unconfirmed and deleted users like other sign-ins', async () => {
    const banned = await withPasskey('ban@example.cz');
    await p.t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, banned.userId));
    const bannedRes = await p.passkeySignIn(banned.device);
    expect(bannedRes.statusCode).toBe(403);
    expect(bannedRes.json()).toMatchObject({ code: 'user_banned', message: 'User is banned' });

    const unconfirmed = await withPasskey('nepotvrzeny@example.cz');
    await p.t.database.db
      .update(users)
      .set({ emailConfirmedAt: null })
      .where(eq(users.id, unconfirmed.userId));
    const unconfirmedRes = await p.passkeySignIn(unconfirmed.device);
    expect(unconfirmedRes.statusCode).toBe(403);
    expect(unconfirmedRes.json()).toMatchObject({ code: 'email_not_confirmed' });

    const deleted = await withPasskey('smazany@example.cz');
    await p.t.database.db.delete(users).where(eq(users.id, deleted.userId));
    const deletedRes = await p.passkeySignIn(deleted.device);
    expect(deletedRes.statusCode).toBe(400);
    expect(deletedRes.json()).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('refuses an expired challenge, and a registration challenge', async () => {
    const { device } = await withPasskey('pozde@example.cz');
    const late = await startSignIn();
    await p.t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, late.challenge_id));
    const expired = await answer(late.challenge_id, device.get(late.options));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'webauthn_challenge_expired' });

    const session = await p.signIn('pozde@example.cz', false);
    const registration = (
      await p.call('POST', '/passkeys/registration/options', { session })
    ).json<{ challenge_id: string; options: { challenge: string } }>();
    const wrongKind = await answer(
      registration.challenge_id,
      device.get({ challenge: registration.options.challenge, rpId: 'localhost' }),
    );
    expect(wrongKind.json()).toMatchObject({ code: 'webauthn_challenge_not_found' });
  });

  it('answers bad input with GoTrue’s 4xx, never a 5xx', async () => {
    const { challenge_id } = await startSignIn();
    const cases: [unknown, string, string?][] = [
      [{}, 'validation_failed', 'challenge_id is required'],
      [{ challenge_id }, 'validation_failed', 'credential is required'],
      [{ challenge_id: 'not-a-uuid', credential: {} }, 'validation_failed'],
      [{ challenge_id: ['x'], credential: {} }, 'bad_json'],
      [[1, 2], 'bad_json'],
      [
        { challenge_id: '00000000-0000-4000-8000-000000000000', credential: {} },
        'webauthn_challenge_not_found',
      ],
      [
        {
          challenge_id,
          credential: {
            id: 'a',
            rawId: 'a',
            type: 'public-key',
            response: { clientDataJSON: 'bm9wZQ', authenticatorData: 'AA', signature: 'AA' },
          },
        },
        'webauthn_verification_failed',
        'Invalid credential response',
      ],
    ];
    for (const [payload, code, message] of cases) {
      const res = await p.call('POST', '/passkeys/authentication/verify', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code, ...(message ? { message } : {}) });
    }
    const fresh = await startSignIn();
    const malformed = await answer(fresh.challenge_id, {
      id: 'a',
      rawId: 'a',
      type: 'public-key',
      response: {
        clientDataJSON: 'e30',
        authenticatorData: 'AA',
        signature: 'AA',
        userHandle: 'AA',
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'webauthn_verification_failed' });
  });
});

describe('passkey sign-in limits', () => {
  const p = usePasskeyApp(pgliteDatabase, {
    rateLimits: { ...DEFAULT_RATE_LIMITS, passkey: { max: 2, windowSeconds: 300 } },
  });

  it('limits sign-in challenges per IP like GoTrue’s GOTRUE_RATE_LIMIT_PASSKEY', async () => {
    const ask = (ip: string) =>
      p.call('POST', '/passkeys/authentication/options', { payload: {}, ip });
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const third = await ask('203.0.113.7');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });
});
