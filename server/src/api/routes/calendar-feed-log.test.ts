import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { memoryMailer } from '../../mail/memory-mailer.ts';
import { memorySmsSender } from '../../sms/sms-sender.ts';
import { apiUser, ROOMY_LIMITS } from '../../../test/data-api.ts';
import { createWebRoot, type TestApp } from '../../../test/helpers.ts';

/**
 * The feed's address is its only credential: the server's log at its most talkative level holds
 * the path of a calendar fetch, never the token in it.
 */
describe('the calendar feed in the server log', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const webRoot = await createWebRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-data-'));
    const config = loadConfig(
      { LOG_LEVEL: 'trace' },
      { webRoot, dataDir, rateLimits: ROOMY_LIMITS },
    );
    const database = await openDatabase({ memory: true, dataDir });
    const mailer = memoryMailer();
    const sms = memorySmsSender();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(config, { database, mailer, sms, logStream });
    t = {
      app,
      config,
      database,
      mail: mailer.sent,
      sms: sms.sent,
      async close() {
        await app.close();
        await database.close();
        await rm(webRoot, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => t.close());

  it('never holds a feed token', async () => {
    const user = await apiUser(t, 'log-feed');
    const { url } = (await user.call('POST', '/calendar-feed')).json<{ url: string }>();
    const path = new URL(url).pathname;
    const token = path.slice('/api/v1/calendar/'.length, -'.ics'.length);
    expect(token).toHaveLength(43);
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${path}?x=1` })).statusCode).toBe(200);
    const revoked = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await t.app.inject({ url: `/api/v1/calendar/${revoked}.ics` })).statusCode).toBe(404);

    const log = lines.join('');
    expect(log).toContain('/api/v1/calendar/[token].ics');
    expect(log).not.toContain(token);
    expect(log).not.toContain(revoked);
  });
});
