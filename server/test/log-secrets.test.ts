import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { MailMessage } from '../src/mail/mailer.ts';
import { memoryMailer } from '../src/mail/memory-mailer.ts';
import { memorySmsSender } from '../src/sms/sms-sender.ts';
import { CURRENT, type WireSession } from './auth-helpers.ts';
import { createWebRoot } from './helpers.ts';

/**
 * Secrets never reach the log (a hardening test): the server's whole log at its most talkative
 * level, through a full journey — sign-up, the mailed link, sign-in, refresh, a second factor
 * enrolled and verified, recovery, a password change — holds no password, token, code, key or
 * secret that passed through it.
 */
describe('the server log through a full account journey', () => {
  const lines: string[] = [];
  const secrets = new Set<string>();
  let app: FastifyInstance;
  let database: Database;
  let mail: MailMessage[];
  let apikey: string;
  let dirs: string[];

  beforeAll(async () => {
    const webRoot = await createWebRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-data-'));
    dirs = [webRoot, dataDir];
    database = await openDatabase({ memory: true, dataDir });
    const mailer = memoryMailer();
    mail = mailer.sent;
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'trace' }, { webRoot, dataDir });
    app = await buildApp(config, { database, mailer, sms: memorySmsSender(), logStream });
    apikey = (await app.inject({ url: '/api/v1/config' })).json<{ anonKey: string }>().anonKey;
    secrets.add(apikey);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const auth = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    app.inject({
      method,
      url: `/auth/v1${url}`,
      headers: {
        apikey,
        ...CURRENT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const linkToken = (message: MailMessage | undefined) =>
    /token=([^&\s]+)/.exec(message?.text ?? '')?.[1] ?? '';
  const keep = (session: WireSession) => {
    secrets.add(session.access_token);
    secrets.add(session.refresh_token);
    return session;
  };

  it('holds none of the secrets that passed through the server', async () => {
    const email = 'tajna@example.cz';
    const password = 'Velmi-tajne-heslo-1';
    const newPassword = 'Jine-tajne-heslo-2';
    secrets.add(password).add(newPassword);

    expect((await auth('POST', '/signup', { email, password })).statusCode).toBe(200);
    const confirmation = linkToken(mail.at(-1));
    expect(confirmation.length).toBeGreaterThan(20);
    secrets.add(confirmation);
    expect((await auth('GET', `/verify?token=${confirmation}&type=signup`)).statusCode).toBe(303);

    let session = keep(
      (await auth('POST', '/token?grant_type=password', { email, password })).json(),
    );
    session = keep(
      (
        await auth('POST', '/token?grant_type=refresh_token', {
          refresh_token: session.refresh_token,
        })
      ).json(),
    );

    const factor = (
      await auth(
        'POST',
        '/factors',
        { factor_type: 'totp', friendly_name: 'Telefon' },
        session.access_token,
      )
    ).json<{ id: string; totp: { secret: string; uri: string } }>();
    secrets.add(factor.totp.secret);
    const challenge = (
      await auth('POST', `/factors/${factor.id}/challenge`, {}, session.access_token)
    ).json<{ id: string }>();
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    secrets.add(code);
    const verified = await auth(
      'POST',
      `/factors/${factor.id}/verify`,
      { challenge_id: challenge.id, code },
      session.access_token,
    );
    expect(verified.statusCode).toBe(200);
    session = keep(verified.json());

    expect((await auth('POST', '/recover', { email })).statusCode).toBe(200);
    const recovery = linkToken(mail.at(-1));
    secrets.add(recovery);
    const recovered = await auth('POST', '/verify', { token_hash: recovery, type: 'recovery' });
    expect(recovered.statusCode).toBe(200);
    keep(recovered.json());
    const changed = await auth('PUT', '/user', { password: newPassword }, session.access_token);
    expect(changed.statusCode).toBe(200);
    // A wrong password and a broken token are logged as refusals, their values never.
    await auth('POST', '/token?grant_type=password', { email, password: 'Spatne-heslo-99' });
    secrets.add('Spatne-heslo-99');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    const leaked = [...secrets].filter((secret) => secret.length >= 6 && log.includes(secret));
    expect(leaked).toEqual([]);
    expect(log).not.toMatch(/"(password|authorization|apikey|refresh_token|access_token)"\s*:/i);
  });
});
