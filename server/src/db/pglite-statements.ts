import { protocol, types, type PGlite } from '@electric-sql/pglite';
import type { PreparedStatement } from './prepared.ts';

type Row = Record<string, unknown>;

/** Names already prepared on each PGlite instance (one connection each). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * Runs a named statement on PGlite, which has no API for one: the extended protocol's messages go
 * as one buffer under the locks `query()` takes. Called where the instance lives (the database
 * thread, pglite-worker.ts).
 */
export async function runOnPglite(
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
