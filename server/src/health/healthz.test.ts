import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@partak/domain/product';
import { openDatabase, type Database } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports status, version and the database, never cached', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', version: APP_VERSION, database: 'up' });
  });
});

describe('GET /healthz with the database down', () => {
  let t: TestApp;
  let real: Database;
  let up = true;
  beforeAll(async () => {
    real = await openDatabase({ memory: true, dataDir: '' });
    t = await buildTestApp({}, { ...real, ping: async () => up });
  });
  afterAll(async () => {
    await t.close();
    await real.close();
  });

  it('answers 503 while the database is down and recovers by itself', async () => {
    up = false;
    let res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    up = true;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ database: 'up' });
  });
});
