import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { memoryMailer } from '../src/mail/memory-mailer.ts';
import { CURRENT } from './auth-helpers.ts';
import { createWebRoot } from './helpers.ts';

const SECRET = /sb_secret_[A-Za-z0-9_-]+/g;

/**
 * The admin API's key, when AUTH_SERVICE_ROLE_KEY is not set: generated on the first start, kept
 * in the (file) database, shown in the log on that start only, never served to the browser.
 */
describe('the generated service-role key', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

  async function starter(env: Record<string, string> = {}) {
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-service-key-'));
    const webRoot = await createWebRoot();
    folders.push(dataDir, webRoot);
    return async () => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = await buildApp(
        loadConfig(
          { LOG_LEVEL: 'info', ...env },
          { dataDir, webRoot, siteUrl: 'http://localhost' },
        ),
        { mailer: memoryMailer(), logStream },
      );
      return { app, log: () => lines.join('') };
    };
  }
  const listUsers = (app: FastifyInstance, key: string) =>
    app.inject({
      url: '/auth/v1/admin/users',
      headers: { apikey: key, authorization: `Bearer ${key}`, ...CURRENT },
    });

  // Two starts on a file database: each one opens and migrates it.
  it(
    'is printed once on the start that made it, works after a restart, never reaches the browser',
    { timeout: 120_000 },
    async () => {
      const start = await starter();
      const first = await start();
      const printed = first.log().match(SECRET) ?? [];
      const key = printed[0] ?? '';
      try {
        expect(printed).toHaveLength(1);
        expect(first.log()).toContain('shown this once only');
        expect((await listUsers(first.app, key)).statusCode).toBe(200);
        const config = await first.app.inject({ url: '/api/v1/config' });
        expect(config.statusCode).toBe(200);
        expect(config.body).not.toContain(key);
        expect(config.body).not.toContain('sb_secret_');
      } finally {
        await first.app.close();
      }

      const second = await start();
      try {
        expect((await listUsers(second.app, key)).statusCode).toBe(200);
        expect(second.log()).not.toMatch(SECRET);
      } finally {
        await second.app.close();
      }
    },
  );

  it(
    'is neither made nor printed when AUTH_SERVICE_ROLE_KEY is set; only that key opens the API',
    { timeout: 60_000 },
    async () => {
      const configured = 'sb_secret_operator-chosen-key-0123456789';
      const start = await starter({ AUTH_SERVICE_ROLE_KEY: configured });
      const { app, log } = await start();
      try {
        expect(log()).not.toContain('sb_secret_');
        expect((await listUsers(app, configured)).statusCode).toBe(200);
        const other = await listUsers(app, 'sb_secret_someone-else-guessing-0123456789');
        expect(other.statusCode).toBe(401);
        expect(other.json()).toMatchObject({ message: 'Invalid API key' });
      } finally {
        await app.close();
      }
    },
  );
});
