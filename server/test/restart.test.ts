import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { memoryMailer } from '../src/mail/memory-mailer.ts';
import { createWebRoot } from './helpers.ts';
import { CURRENT } from './auth-helpers.ts';

/** The embedded database keeps users, sessions and keys on disk: a restart signs nobody out. */
describe('a server restart on the embedded database', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

  it('keeps the session: the old access token verifies and the refresh token rotates', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-restart-'));
    const webRoot = await createWebRoot();
    folders.push(dataDir, webRoot);
    const mailer = memoryMailer();
    const start = () =>
      buildApp(
        loadConfig({ LOG_LEVEL: 'silent' }, { dataDir, webRoot, siteUrl: 'http://localhost' }),
        { mailer },
      );
    const apiKey = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/v1/config' })).json<{ anonKey: string }>().anonKey;

    const first = await start();
    const apikey = await apiKey(first);
    await first.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey, ...CURRENT },
      payload: { email: 'restart@example.cz', password: 'dobre-heslo-123' },
    });
    const link = mailer.sent.at(-1)?.link ?? '';
    const landing = await first.inject({ url: link.replace('http://localhost', '') });
    const session = new URLSearchParams(new URL(String(landing.headers.location)).hash.slice(1));
    await first.close();

    const second = await start();
    try {
      expect(await apiKey(second)).toBe(apikey);
      const me = await second.inject({
        url: '/auth/v1/user',
        headers: { apikey, authorization: `Bearer ${session.get('access_token')}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'restart@example.cz' });
      const refreshed = await second.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { apikey, ...CURRENT },
        payload: { refresh_token: session.get('refresh_token') },
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
