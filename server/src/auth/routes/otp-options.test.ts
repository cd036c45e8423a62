import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { users } from '../../db/schema/index.ts';
import { memoryMailer } from '../../mail/memory-mailer.ts';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { CURRENT, confirmedUser, type WireSession } from '../../../test/auth-helpers.ts';
import { apiKeyOf, createWebRoot, type TestApp } from '../../../test/helpers.ts';
import {
  authOptions,
  codeIn,
  lastMailTo,
  post,
  ROOMY_LIMITS,
  useAppOn,
} from '../../../test/otp-helpers.ts';

const emailOtp = (email: string) => ({ email, create_user: true, data: {} });
const phoneOtp = (phone: string) => ({ phone, create_user: true, data: {}, channel: 'sms' });

describe.each(databaseKinds())('/otp with AUTH_DISABLE_SIGNUP on $name', ({ open }) => {
  const app = useAppOn(open, { auth: authOptions({ disableSignup: true }) });
  const otp = (payload: unknown) => post(app.t, app.apikey, '/otp', payload);
  const SIGNUP_DISABLED = {
    code: 'signup_disabled',
    message: 'Signups not allowed for this instance',
  };

  it('refuses to make an account (422 signup_disabled), even for an unconfirmed one, and makes none', async () => {
    for (const payload of [emailOtp('novy@example.cz'), phoneOtp('420777123456')]) {
      const res = await otp(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject(SIGNUP_DISABLED);
    }
    expect(await app.t.database.db.select().from(users)).toEqual([]);
  });

  it('still mails existing, confirmed accounts their magic link', async () => {
    await confirmedUser(app.t, 'stary@example.cz', 'dobre-heslo-123');
    expect((await otp(emailOtp('stary@example.cz'))).statusCode).toBe(200);
    expect(lastMailTo(app.t, 'stary@example.cz').link).toContain('type=magiclink');
  });
});

describe.each(databaseKinds())('/otp with AUTH_AUTOCONFIRM on $name', ({ open }) => {
  const app = useAppOn(open, { auth: authOptions({ autoconfirm: true }) });

  it('confirms a new address at once and mails it a magic link instead of a confirmation', async () => {
    const res = await post(app.t, app.apikey, '/otp', emailOtp('hned@example.cz'));
    expect(res.json()).toEqual({});
    const mail = lastMailTo(app.t, 'hned@example.cz');
    expect(mail.link).toContain('type=magiclink');
    const [row] = await app.t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'hned@example.cz'));
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const signedIn = await post(app.t, app.apikey, '/verify', {
      email: 'hned@example.cz',
      token: codeIn(mail.text),
      type: 'magiclink',
    });
    expect(signedIn.json<WireSession>().user).toMatchObject({ email: 'hned@example.cz' });
  });
});

describe.each(databaseKinds())('/otp limits on $name', ({ open }) => {
  const app = useAppOn(open, {
    rateLimits: {
      ...ROOMY_LIMITS,
      otp: { max: 3, windowSeconds: 300 },
      emailSent: { max: 2, windowSeconds: 3600 },
      smsSent: { max: 1, windowSeconds: 3600 },
    },
  });
  const from = (ip: string, url: string, payload: unknown) =>
    app.t.app.inject({
      method: 'POST',
      url: `/auth/v1${url}`,
      headers: { apikey: app.apikey, ...CURRENT },
      payload: payload as Record<string, unknown>,
      remoteAddress: ip,
    });

  it('counts /otp and /resend per IP with sign-ups and resets (429 over_request_rate_limit)', async () => {
    const ip = '203.0.113.7';
    expect((await from(ip, '/otp', {})).statusCode).toBe(400);
    expect((await from(ip, '/resend', {})).statusCode).toBe(400);
    expect((await from(ip, '/recover', {})).statusCode).toBe(400);
    const limited = await from(ip, '/otp', emailOtp('kdokoli@example.cz'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await from('203.0.113.8', '/otp', {})).statusCode).toBe(400);
  });

  it('stops mailing past the server-wide e-mail limit, and texting past the SMS one', async () => {
    const ip = (n: number) => `198.51.100.${n}`;
    expect((await from(ip(1), '/otp', emailOtp('prvni@example.cz'))).statusCode).toBe(200);
    expect((await from(ip(2), '/otp', emailOtp('druhy@example.cz'))).statusCode).toBe(200);
    const third = await from(ip(3), '/otp', emailOtp('treti@example.cz'));
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    // The account made for the refused request is gone again (GoTrue rolls it back).
    const made = await app.t.database.db.select({ email: users.email }).from(users);
    expect(made.map((row) => row.email).sort()).toEqual(['druhy@example.cz', 'prvni@example.cz']);

    expect((await from(ip(4), '/otp', phoneOtp('420777000001'))).statusCode).toBe(200);
    const second = await from(ip(5), '/otp', phoneOtp('420777000002'));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: 'over_sms_send_rate_limit',
      message: 'SMS rate limit exceeded',
    });
    expect(app.t.sms.map((sms) => sms.phone)).toEqual(['+420777000001']);
    const numbers = await app.t.database.db.select({ phone: users.phone }).from(users);
    expect(numbers.map((row) => row.phone).filter(Boolean)).toEqual(['420777000001']);
  });
});

describe.each(databaseKinds())('an SMS gateway that fails, on $name', ({ open }) => {
  let gateway: Server;
  let database: TestDatabase;
  let app: FastifyInstance;
  let apikey: string;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    gateway = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => gateway.close(resolve)));
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    database = await open();
    cleanups.push(() => database.drop());
    const webRoot = await createWebRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-sms-'));
    cleanups.push(() => rm(webRoot, { recursive: true, force: true }));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig(
      { LOG_LEVEL: 'silent', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` },
      { webRoot, dataDir, rateLimits: { ...DEFAULT_RATE_LIMITS } },
    );
    app = await buildApp(config, { database: database.database, mailer: memoryMailer() });
    cleanups.push(() => app.close());
    apikey = await apiKeyOf({ app } as TestApp);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 422 sms_send_failed (GoTrue), and the minute does not start', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/otp',
        headers: { apikey, ...CURRENT },
        payload: phoneOtp('420777555666'),
      });
    for (let round = 0; round < 2; round += 1) {
      const res = await send();
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'sms_send_failed',
        message: 'Error sending confirmation OTP to provider',
      });
    }
    expect(await database.database.db.select().from(users)).toEqual([]);
  });

  it('a phone sign-up with a password answers the same, and no account is left', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey, ...CURRENT },
      payload: { phone: '+420 777 555 667', password: 'dobre-heslo-123', channel: 'sms' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'sms_send_failed',
      message: 'Error sending confirmation OTP to provider',
    });
    expect(await database.database.db.select().from(users)).toEqual([]);
  });
});
