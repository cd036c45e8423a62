/**
 * The auth server under load (docs/architecture.md#quality-budgets), in-process on loopback with
 * the production log level:
 * - refresh-token grant: ≥ 1,000 req/s on PGlite and ≥ 2,000 req/s on PostgreSQL, p99 < 50 ms at
 *   50 connections; every connection rotates its own session's token, exactly as a client does.
 *   PostgreSQL is BENCH_DATABASE_URL's server, or a throwaway local cluster (as the tests make one,
 *   fsync off), or skipped;
 * - password grant: within 20 % of the raw argon2id verify rate measured in the same run.
 * Rate limits are raised for the run (one IP makes every request). The load generators run in a
 * worker thread, off the server's event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { hashPassword } from '../server/src/auth/users/passwords.ts';
import { createEmailUser } from '../server/src/auth/users/users-repository.ts';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { checkPassword } from '../server/src/auth/users/passwords.ts';
import { loadInWorker } from './in-worker.ts';
import { withMachineCpu } from './machine-cpu.ts';
import { postgresForBench } from './postgres.ts';

const DURATION_S = Number(process.env.BENCH_DURATION || 3);
const CONNECTIONS = 50;
const PASSWORD = 'bench-heslo-123';
const UNLIMITED = '1000000';

interface Target {
  base: string;
  apikey: string;
}

/** The bench's accounts: one per connection (bench-0@example.cz …). */
const emails = (count: number) => Array.from({ length: count }, (_, i) => `bench-${i}@example.cz`);

async function signIn({ base, apikey }: Target, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { refresh_token: string }).refresh_token;
}

/** 50 concurrent clients, each refreshing its own session (in a worker thread). */
async function refreshLoad(target: Target) {
  const tokens = await Promise.all(emails(CONNECTIONS).map((email) => signIn(target, email)));
  return loadInWorker({ kind: 'refresh', ...target, tokens, durationS: DURATION_S });
}

/** 8 people signing in at once, each to their own account, again and again. */
function passwordLoad(target: Target) {
  return loadInWorker({
    kind: 'password',
    ...target,
    emails: emails(8),
    password: PASSWORD,
    durationS: DURATION_S,
  });
}

/** argon2id verifications per second with the same parallelism the server gets. */
async function rawVerifyRate(stored: string): Promise<number> {
  const until = Date.now() + DURATION_S * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        await checkPassword(stored, PASSWORD);
        count++;
      }
    }),
  );
  return count / DURATION_S;
}

/** The app on `database`, listening on loopback, with the bench user; closed after `run`. */
async function withServer<T>(
  database: Database,
  dataDir: string,
  run: (target: Target, stored: string) => Promise<T>,
): Promise<T> {
  const env = {
    LOG_LEVEL: 'info',
    RATE_LIMIT_TOKEN: UNLIMITED,
    RATE_LIMIT_OTP: UNLIMITED,
    RATE_LIMIT_VERIFY: UNLIMITED,
  };
  const stored = await hashPassword(PASSWORD);
  for (const email of emails(CONNECTIONS)) {
    await createEmailUser(database.db, { email, passwordHash: stored, confirmedAt: new Date() });
  }
  const app = await buildApp(loadConfig(env, { dataDir }), { database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const info = app.server.address();
    const base = `http://127.0.0.1:${typeof info === 'object' && info ? info.port : 0}`;
    const config = (await (await fetch(`${base}/api/v1/config`)).json()) as { anonKey: string };
    return await run({ base, apikey: config.anonKey }, stored);
  } finally {
    await app.close();
  }
}

/**
 * How busy the machine was under a load, and the CPU time each request cost it (server, database
 * and load generator together): with every core busy, only less CPU per request goes faster.
 */
function cpuShare(busy: number, rps: number): string {
  if (Number.isNaN(busy)) return 'machine CPU: not measured (no /proc/stat)';
  const perRequestMs = (busy * cpus().length * 1000) / rps;
  return (
    `machine CPU busy ${(busy * 100).toFixed(0)} % of ${cpus().length} cores, ` +
    `${perRequestMs.toFixed(2)} ms of CPU per request (server, database and load generator)`
  );
}

/** Measures the refresh grant (after a warm-up) and prints it against its budget. */
async function refreshBudget(target: Target, name: string, budget: number): Promise<boolean> {
  await refreshLoad(target); // warm-up
  const { result: refresh, busy } = await withMachineCpu(() => refreshLoad(target));
  const ok = refresh.rps >= budget && refresh.p99 < 50 && refresh.failures === 0;
  console.log(
    `refresh-token grant on ${name}, ${CONNECTIONS} connections: ${refresh.rps.toFixed(0)} req/s, ` +
      `p99 ${refresh.p99} ms, ${refresh.failures} failed (budget ≥ ${budget} req/s, p99 < 50 ms) ` +
      (ok ? 'ok' : 'BELOW BUDGET'),
  );
  console.log(`  ${cpuShare(busy, refresh.rps)}`);
  return ok;
}

async function passwordBudget(target: Target, stored: string): Promise<boolean> {
  const raw = await rawVerifyRate(stored);
  const { result: grant, busy } = await withMachineCpu(() => passwordLoad(target));
  const ratio = grant.rps / raw;
  const ok = ratio >= 0.8 && grant.failures === 0;
  console.log(
    `password grant: ${grant.rps.toFixed(1)} req/s vs raw argon2id verify ${raw.toFixed(1)}/s ` +
      `= ${(ratio * 100).toFixed(1)} % (budget ≥ 80 %) ${ok ? 'ok' : 'BELOW BUDGET'}`,
  );
  console.log(`  ${cpuShare(busy, grant.rps)}`);
  return ok;
}

async function benchPostgres(dataDir: string): Promise<boolean> {
  const server = await postgresForBench();
  if (!server) {
    console.log(
      'refresh-token grant on PostgreSQL: skipped (no BENCH_DATABASE_URL, no local cluster)',
    );
    return true;
  }
  const database = await openDatabase({ url: server.url, dataDir });
  try {
    return await withServer(database, dataDir, (target) =>
      refreshBudget(target, 'PostgreSQL', 2000),
    );
  } finally {
    await database.close();
    await server.stop();
  }
}

/** The PGlite refresh measurement alone (for profiling: `node --cpu-prof bench/_only-refresh.ts`). */
export async function benchRefreshOnly(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-auth-'));
  const database = await openDatabase({ dataDir });
  await withServer(database, dataDir, (target) => refreshBudget(target, 'PGlite', 1000));
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

export async function benchAuth(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-auth-'));
  const database = await openDatabase({ dataDir });
  try {
    const embedded = await withServer(database, dataDir, async (target, stored) => {
      const refreshOk = await refreshBudget(target, 'PGlite', 1000);
      return (await passwordBudget(target, stored)) && refreshOk;
    });
    return (await benchPostgres(dataDir)) && embedded;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
