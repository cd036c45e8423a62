import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

/**
 * A hot statement, parsed and planned once per connection and from then on only bound and run.
 * Drizzle and PGlite's `query()` send every statement unnamed, so PostgreSQL parses and plans it
 * on each call: in the embedded (WebAssembly) database that costs several times what running a
 * short statement does (bench/auth.ts). `text` uses `$1…$n` placeholders and must never embed a
 * value; every value goes in `values`, as text.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

type Row = Record<string, unknown>;

/**
 * Runs `statement` and returns its rows keyed by column name. Columns of type json, text, int4
 * and boolean decode the same on both drivers. On PGlite it waits for any transaction in
 * progress, exactly as `query()` does; on a `pg` pool each connection prepares it on first use.
 * On anything else (a drizzle transaction) it is an ordinary unnamed statement.
 */
export async function runPrepared<T = Row>(
  db: Db,
  statement: PreparedStatement,
  values: (string | null)[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteThread) return (await client.prepared(statement, values)) as T[];
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as T[];
  }
  const result = await db.execute(withParams(statement.text, values));
  return (result as unknown as { rows: T[] }).rows;
}

/** The statement as drizzle SQL, each `$n` bound to `values[n - 1]`. */
function withParams(text: string, values: (string | null)[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) =>
      i % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part),
    ),
  );
}
