import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrateEmbedded, migrateServer } from './migrate.ts';
import { PgliteThread } from './pglite-thread.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it, PGlite keeps the data under `dataDir`. */
  url?: string;
  dataDir: string;
  poolMax?: number;
  /** In-memory PGlite, for tests. */
  memory?: boolean;
}

/**
 * Opens the database and brings its schema up to date. One code path above the driver: PGlite
 * (embedded PostgreSQL, files under DATA_DIR) by default, a PostgreSQL server through a `pg`
 * pool when a URL is given.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.poolMax ?? 10)
    : await openPglite(options);
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A client that loses its server must not crash the process. The pool's own listener covers
  // only idle clients; a client checked out (a transaction in progress) emits 'error' on itself,
  // and an 'error' event without a listener kills the process. Its query still fails (a 503).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await migrateServer(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs = 2000) => pingWithin(db, timeoutMs),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory and are all
 * resident from the start; 16 MB hold a small server's whole working set and take ~130 MB off its
 * idle memory (ADR 013). One process is the only client, so few connection slots are needed.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=4'],
];

/**
 * PGlite runs in a worker thread of its own (pglite-thread.ts): its WebAssembly PostgreSQL would
 * otherwise take half of the server thread's time (ADR 013).
 */
async function openPglite(options: DatabaseOptions): Promise<Database> {
  let release: () => Promise<void> = async () => undefined;
  let dir: string | undefined;
  if (!options.memory) {
    dir = join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    release = await lockDataDir(options.dataDir);
  }
  // Durability: PGlite writes each commit's WAL through to the files before it answers, so a
  // killed process loses nothing it acknowledged (test/crash-safety.test.ts). It never fsyncs
  // (it runs PostgreSQL with fsync off, and its file layer has no fsync), so a power cut or an
  // OS crash can lose recent commits: where that matters, use DATABASE_URL.
  let client: PgliteThread;
  try {
    client = await PgliteThread.start({ dir, startParams: START_PARAMS });
  } catch (error) {
    await release();
    throw error;
  }
  // drizzle's PGlite driver uses only `query` and `transaction`, which the thread provides.
  const embedded = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' });
  try {
    await migrateEmbedded(embedded);
  } catch (error) {
    await client.close();
    await release();
    throw error;
  }
  const db = embedded as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs = 2000) => pingWithin(db, timeoutMs),
    async close() {
      await client.close();
      await release();
    },
  };
}

async function pingWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
