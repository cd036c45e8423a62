import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseKinds, postgresDatabase, type TestDatabase } from '../../test/databases.ts';
import { inject } from 'vitest';
import { openDatabase } from './client.ts';

/** Rows of a raw query, whichever driver ran it (both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const TABLES = [
  'users',
  'identities',
  'sessions',
  'refresh_tokens',
  'session_amr',
  'one_time_tokens',
  'flow_states',
  'mfa_factors',
  'mfa_challenges',
  'signing_keys',
  'instance_settings',
  'rate_limit_counters',
  'audit_log',
];

describe.each(databaseKinds())('on $name', ({ open }) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('creates every table at start', async () => {
    test = await open();
    const result = await test.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('answers pings while open', async () => {
    test = await open();
    expect(await test.database.ping()).toBe(true);
  });
});

/** The migrations drizzle-kit generated (server/drizzle/meta/_journal.json). */
const MIGRATION_COUNT = (
  JSON.parse(
    readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

describe.runIf(inject('postgresUrl'))('on PostgreSQL with several instances', () => {
  let first: TestDatabase | undefined;
  afterAll(() => first?.drop());

  it('applies migrations exactly once when instances start together', async () => {
    first = await postgresDatabase();
    const url = first.url ?? '';
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url, dataDir: '' })));
    const journal = await first.database.db.execute(
      sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
    );
    expect(rowsOf<{ count: string }>(journal)[0]?.count).toBe(String(MIGRATION_COUNT));
    await Promise.all(others.map((database) => database.close()));
  });

  it('refuses to start when the server cannot be reached', async () => {
    const database = await openDatabase({
      url: 'postgres://nobody@127.0.0.1:1/none',
      dataDir: '',
    }).catch((error: unknown) => error);
    expect(database).toBeInstanceOf(Error);
  });
});

describe('the embedded database on disk', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps data across restarts and refuses a second server on the same DATA_DIR', async () => {
    dir = await mkdtemp(join(tmpdir(), 'partak-pglite-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(
      sql`insert into instance_settings (key, value) values ('probe', 'kept')`,
    );
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another Parťák server/);
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    const rows = await again.db.execute(
      sql`select value from instance_settings where key = 'probe'`,
    );
    expect(rowsOf<{ value: string }>(rows)[0]?.value).toBe('kept');
    await again.close();
  });

  it('takes over a lock left by a process that died', async () => {
    dir = await mkdtemp(join(tmpdir(), 'partak-pglite-'));
    await writeFile(join(dir, 'partak.lock'), '2147483646');
    const database = await openDatabase({ dataDir: dir });
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
