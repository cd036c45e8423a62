import { PGlite, protocol, types } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

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
  if (client instanceof PGlite) return (await runOnPglite(client, statement, values)) as T[];
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as T[];
  }
  const result = await db.execute(withParams(statement.text, values));
  return (result as unknown as { rows: T[] }).rows;
}

/** Names already prepared on each PGlite instance (one connection each). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

async function runOnPglite(
  pglite: PGlite,
  statement: PreparedStatement,
  values: (string | null)[],
): Promise<Row[]> {
  const known = preparedOn.get(pglite) ?? new Set<string>();
  preparedOn.set(pglite, known);
  // The two locks `query()` itself takes (declared in PGlite's typings): the transaction lock, so
  // the statement never lands inside another caller's open transaction, then the statement lock.
  // (`transaction()` would take them too, at the price of a BEGIN and a COMMIT.) The statement
  // commits on its own at the Sync, as an unnamed one does.
  await pglite._checkReady();
  const { messages } = await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      // Decided under the lock: two first uses at once must not both prepare it.
      const message = protocolMessage(statement, values, !known.has(statement.name));
      const result = await pglite.execProtocol(message, { throwOnError: false });
      if (result.messages.some((m) => m.name === 'parseComplete')) known.add(statement.name);
      return result;
    }),
  );
  const error = messages.find((m) => m.name === 'error');
  if (error) throw error;
  return decodeRows(messages);
}

/** Parse (when not yet prepared), Bind, Describe, Execute and Sync, in one buffer. */
function protocolMessage(
  { name, text }: PreparedStatement,
  values: (string | null)[],
  parse: boolean,
): Uint8Array {
  const { serialize } = protocol;
  const parts = [
    ...(parse ? [serialize.parse({ name, text, types: [] })] : []),
    serialize.bind({ statement: name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function decodeRows(messages: { name: string }[]): Row[] {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: typeof fields }).fields;
    } else if (message.name === 'dataRow') {
      const cells = (message as unknown as { fields: (string | null)[] }).fields;
      const row: Row = {};
      cells.forEach((cell, i) => {
        const field = fields[i];
        if (field) row[field.name] = types.parseType(cell, field.dataTypeID);
      });
      rows.push(row);
    }
  }
  return rows;
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
