import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@partak/domain/product';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('reports status and version, never cached', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', version: APP_VERSION });
  });
});
