import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  database: Database;
  /** The connection URL (PostgreSQL only), for a second instance on the same database. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated in-memory PGlite. */
export async function pgliteDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ memory: true, dataDir: '' });
  return { name: 'pglite', database, drop: () => database.close() };
}

/** A fresh, migrated database of its own on the run's PostgreSQL server. */
export async function postgresDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  const name = `partak_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    name: 'postgres',
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The kinds of database the tests run against: PGlite always, PostgreSQL when there is one. */
export function databaseKinds(): { name: string; open: () => Promise<TestDatabase> }[] {
  const kinds = [{ name: 'pglite', open: pgliteDatabase }];
  if (inject('postgresUrl')) kinds.push({ name: 'postgres', open: postgresDatabase });
  return kinds;
}
