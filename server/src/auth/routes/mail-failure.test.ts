import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createEmailUser } from '../users/users-repository.ts';
import { CURRENT } from '../../../test/auth-helpers.ts';
import { createWebRoot } from '../../../test/helpers.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.ts';

/**
 * The mail server refuses (a fault test): sign-up and recovery answer GoTrue's "Error
 * sending … email" rather than a generic failure, and once the mail server is back, trying again
 * works — nothing half-made stands in the way.
 */
describe('when the SMTP server refuses mail', () => {
  let capture: SmtpCapture;
  let app: FastifyInstance;
  let database: Database;
  let apikey: string;
  let dirs: string[];

  beforeAll(async () => {
    capture = await startSmtpCapture();
    const webRoot = await createWebRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-data-'));
    dirs = [webRoot, dataDir];
    database = await openDatabase({ memory: true, dataDir });
    const config = loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: capture.url }, { webRoot, dataDir });
    app = await buildApp(config, { database });
    apikey = (await app.inject({ url: '/api/v1/config' })).json<{ anonKey: string }>().anonKey;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await capture.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { apikey, ...CURRENT }, payload });

  it('says the confirmation mail could not be sent, and a retry sends it', async () => {
    capture.refusing = true;
    const refused = await post('/auth/v1/signup', {
      email: 'petra@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({
      error_code: 'unexpected_failure',
      message: 'Error sending confirmation email',
    });

    capture.refusing = false;
    const retried = await post('/auth/v1/signup', {
      email: 'petra@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(retried.statusCode).toBe(200);
    const mail = await capture.waitFor('petra@example.cz');
    expect(mail.link).toContain('type=signup');
  });

  it('says the recovery mail could not be sent, and a retry sends it', async () => {
    capture.refusing = true;
    const refused = await post('/auth/v1/recover', { email: 'petra@example.cz' });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ message: 'Error sending recovery email' });
    capture.refusing = false;
    expect((await post('/auth/v1/recover', { email: 'petra@example.cz' })).statusCode).toBe(200);
    await capture.waitFor(
      'petra@example.cz',
      (mail) => mail.link?.includes('type=recovery') ?? false,
    );
  });

  it('says the magic link could not be sent; a new account /otp would make is not left behind', async () => {
    await createEmailUser(database.db, {
      email: 'magda@example.cz',
      passwordHash: null,
      confirmedAt: new Date(),
    });
    capture.refusing = true;
    const magic = await post('/auth/v1/otp', { email: 'magda@example.cz' });
    expect(magic.statusCode).toBe(500);
    expect(magic.json()).toMatchObject({ message: 'Error sending magic link email' });
    const fresh = await post('/auth/v1/otp', { email: 'nova-magda@example.cz' });
    expect(fresh.json()).toMatchObject({ message: 'Error sending confirmation email' });
    const emails = (await database.db.select({ email: users.email }).from(users)).map(
      (row) => row.email,
    );
    expect(emails).not.toContain('nova-magda@example.cz');

    capture.refusing = false;
    expect((await post('/auth/v1/otp', { email: 'magda@example.cz' })).statusCode).toBe(200);
    const mail = await capture.waitFor('magda@example.cz');
    expect(mail.link).toContain('type=magiclink');
    expect(mail.code).toMatch(/^\d{6}$/);
  });
});
