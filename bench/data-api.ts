/**
 * The data API under load, in-process on loopback with the production log level:
 * `GET /api/v1/goals` (a user with 20 goals) and a step increment (`PATCH /api/v1/goals/{id}`
 * with `stepDelta`) at 50 connections, on PGlite and on PostgreSQL (BENCH_DATABASE_URL's server,
 * a throwaway local cluster, or skipped). Every request is verified as a real one is: the access
 * token's signature, its session and user in the database. Figures only: no budget is set yet.
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../domain/src/ids.ts';
import { buildApp } from '../server/src/app.ts';
import { hashPassword } from '../server/src/auth/users/passwords.ts';
import { createEmailUser } from '../server/src/auth/users/users-repository.ts';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { postgresForBench } from './postgres.ts';

const DURATION_S = Number(process.env.BENCH_DURATION || 3);
const CONNECTIONS = 50;
const PASSWORD = 'bench-heslo-123';
const UNLIMITED = '1000000';

interface Target {
  base: string;
  authorization: string;
  goalId: string;
}

/** A signed-in bench user with 20 goals; returns their token and one goal to step. */
async function prepare(base: string, database: Database): Promise<Target> {
  await createEmailUser(database.db, {
    email: 'data-bench@example.cz',
    passwordHash: await hashPassword(PASSWORD),
    confirmedAt: new Date(),
  });
  const { anonKey } = (await (await fetch(`${base}/api/v1/config`)).json()) as { anonKey: string };
  const session = (await (
    await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'data-bench@example.cz', password: PASSWORD }),
    })
  ).json()) as { access_token: string };
  const authorization = `Bearer ${session.access_token}`;
  const ids = Array.from({ length: 20 }, () => newId());
  for (const [i, id] of ids.entries()) {
    await fetch(`${base}/api/v1/goals`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ id, title: `Cíl číslo ${i + 1}`, milestones: 100 }),
    });
  }
  return { base, authorization, goalId: ids[0] ?? '' };
}

async function load(name: string, options: autocannon.Options): Promise<void> {
  await autocannon({ ...options, duration: 1 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${name}, ${CONNECTIONS} connections: ${result.requests.average.toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${failed} failed`,
  );
}

async function measure(database: Database, dataDir: string, label: string): Promise<void> {
  const env = { LOG_LEVEL: 'info', RATE_LIMIT_TOKEN: UNLIMITED, RATE_LIMIT_DATA: UNLIMITED };
  const app = await buildApp(loadConfig(env, { dataDir }), { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const info = app.server.address();
    const base = `http://127.0.0.1:${typeof info === 'object' && info ? info.port : 0}`;
    const target = await prepare(base, database);
    const headers = { authorization: target.authorization, 'content-type': 'application/json' };
    await load(`GET /api/v1/goals on ${label}`, { url: `${base}/api/v1/goals`, headers });
    await load(`step increment on ${label}`, {
      url: `${base}/api/v1/goals/${target.goalId}`,
      method: 'PATCH',
      headers,
      body: JSON.stringify({ stepDelta: 1 }),
    });
  } finally {
    await app.close();
  }
}

export async function benchDataApi(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-data-'));
  try {
    const pglite = await openDatabase({ dataDir });
    try {
      await measure(pglite, dataDir, 'PGlite');
    } finally {
      await pglite.close();
    }
    const server = await postgresForBench();
    if (!server) {
      console.log('data API on PostgreSQL: skipped (no BENCH_DATABASE_URL, no local cluster)');
      return true;
    }
    const postgres = await openDatabase({ url: server.url, dataDir });
    try {
      await measure(postgres, dataDir, 'PostgreSQL');
    } finally {
      await postgres.close();
      await server.stop();
    }
    return true;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
