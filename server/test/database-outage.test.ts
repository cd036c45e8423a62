import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@partak/domain/ids';
import { openDatabase } from '../src/db/client.ts';
import { apiUser, ROOMY_LIMITS, type ApiUser } from './data-api.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { startPostgres, type PostgresServer } from './postgres-cluster.ts';

/**
 * The database stops under load and comes back (a fault test): requests fail fast with a
 * 503 the client may retry — those in flight when it went down too —, the server never dies, it
 * recovers by itself within seconds, and no acknowledged write is lost. A cluster of its own, so
 * stopping it disturbs no other test.
 */
const cluster: PostgresServer | undefined =
  process.getuid?.() === 0 && !process.env.TEST_DATABASE_URL
    ? await startPostgres().catch(() => undefined)
    : undefined;

describe.skipIf(!cluster)('PostgreSQL stopping and coming back under load', () => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    const database = await openDatabase({ url: cluster?.url ?? '', dataDir: '' });
    t = await buildTestApp({ rateLimits: ROOMY_LIMITS }, database);
    user = await apiUser(t, 'outage');
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await cluster?.stop();
  });

  it('answers 503 while it is down, never 5xx otherwise, and loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const statuses = new Set<number>();
    const codes = new Set<string>();
    let writing = true;
    const note = (res: { statusCode: number; json<T>(): T }) => {
      statuses.add(res.statusCode);
      if (res.statusCode >= 400) codes.add(res.json<{ error_code: string }>().error_code);
    };
    // Goals made, and conversations saved and saved again: the second save runs in a transaction,
    // so clients are checked out of the pool when the server goes away.
    const writer = async () => {
      while (writing) {
        const id = newId();
        const goal = await user.call('POST', '/goals', { id, title: `Cíl ${id.slice(0, 4)}` });
        note(goal);
        if (goal.statusCode === 201) acknowledged.push(id);
        const messages = [{ role: 'user', content: 'Ahoj', timestamp: new Date().toISOString() }];
        const saved = await user.call('POST', '/conversations', { id, messages });
        note(saved);
        if (saved.statusCode === 201) {
          note(await user.call('PATCH', `/conversations/${id}`, { version: 1, messages }));
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    cluster?.pause?.();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const down = await user.call('GET', '/goals');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error_code: 'database_unavailable' });
    cluster?.resume?.();

    await expect
      .poll(async () => (await user.call('GET', '/goals')).statusCode, { timeout: 15_000 })
      .toBe(200);
    writing = false;
    await Promise.all(writers);
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    expect(statuses).toContain(503);
    expect([...codes].filter((code) => code !== 'database_unavailable')).toEqual([]);

    const kept = new Set(
      (await user.call('GET', '/goals')).json<{ items: { id: string }[] }>().items.map((g) => g.id),
    );
    expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
  }, 60_000);
});
