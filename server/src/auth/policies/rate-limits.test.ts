import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT } from '../../../test/auth-helpers.ts';

const t = useTestApp({
  rateLimits: {
    token: { max: 3, windowSeconds: 300 },
    signInFailures: { max: 10, windowSeconds: 900 },
    verify: { max: 2, windowSeconds: 300 },
    otp: { max: 3, windowSeconds: 300 },
    anonymous: { max: 30, windowSeconds: 3600 },
    mfa: { max: 15, windowSeconds: 60 },
    passkey: { max: 30, windowSeconds: 300 },
    oauthClientRegister: { max: 10, windowSeconds: 300 },
    emailSent: { max: 2, windowSeconds: 3600 },
    smsSent: { max: 2, windowSeconds: 3600 },
    chat: { max: 40, windowSeconds: 600 },
    data: { max: 600, windowSeconds: 600 },
  },
});

const post = (url: string, payload: Record<string, unknown>, ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { apikey: t.apikey, ...CURRENT },
    payload,
    remoteAddress: ip,
  });

describe('rate limits (counted in the database)', () => {
  it('limits /token per IP with over_request_rate_limit, other IPs unaffected', async () => {
    const login = (ip: string) =>
      post('/auth/v1/token?grant_type=password', { email: 'x@example.cz', password: 'x' }, ip);
    for (let i = 0; i < 3; i++) expect((await login('203.0.113.7')).statusCode).toBe(400);
    const over = await login('203.0.113.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('203.0.113.8')).statusCode).toBe(400);
  });

  it('limits /verify per IP', async () => {
    const verify = () =>
      post('/auth/v1/verify', { type: 'signup', token_hash: 'x' }, '203.0.113.9');
    expect((await verify()).statusCode).toBe(403);
    expect((await verify()).statusCode).toBe(403);
    expect((await verify()).statusCode).toBe(429);
  });

  it('counts /signup and /recover together, and caps the mail sent by everyone', async () => {
    const ip = '203.0.113.10';
    const signup = (email: string, from = ip) =>
      post('/auth/v1/signup', { email, password: 'dobre-heslo-123' }, from);
    expect((await signup('a@example.cz')).statusCode).toBe(200);
    expect((await signup('b@example.cz')).statusCode).toBe(200);
    // Two mails sent: the hourly mail budget for the whole server is spent.
    const third = await signup('c@example.cz', '203.0.113.11');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    expect((await post('/auth/v1/recover', { email: 'a@example.cz' }, ip)).statusCode).toBe(429);
    const fourth = await post('/auth/v1/recover', { email: 'a@example.cz' }, ip);
    expect(fourth.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});

describe('the audit log', () => {
  it('records sign-ups, sign-ins and sign-outs with the IP, and never a secret', async () => {
    await confirmedUser(t, 'audit@example.cz', 'dobre-heslo-123');
    const ip = '198.51.100.4';
    const session = (
      await post(
        '/auth/v1/token?grant_type=password',
        { email: 'audit@example.cz', password: 'dobre-heslo-123' },
        ip,
      )
    ).json<{ access_token: string; refresh_token: string }>();
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: { apikey: t.apikey, authorization: `Bearer ${session.access_token}` },
      remoteAddress: ip,
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(2);
    expect(entries.map((entry) => [entry.action, entry.ip, entry.payload])).toEqual([
      ['logout', ip, { scope: 'global' }],
      ['login', ip, { method: 'password' }],
    ]);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain('dobre-heslo-123');
    expect(everything).not.toContain(session.refresh_token);
    expect(everything).toContain('user_confirmation_requested');
  });
});
