/**
 * The embedded database's own thread (ADR 013): PGlite executes PostgreSQL as WebAssembly on the
 * thread that owns it, and on the server's thread it took half of every request's CPU. Here it
 * runs beside the HTTP server, on the second core. Requests and replies: pglite-protocol.ts.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { runOnPglite } from './pglite-statements.ts';
import {
  sendableError,
  type DatabaseReply,
  type DatabaseRequest,
  type DatabaseThreadOptions,
  type ReadyMessage,
} from './pglite-protocol.ts';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
  return parentPort;
}

const port = threadPort();

const options = workerData as DatabaseThreadOptions;

/** A transaction held open until the server's thread says how it ends. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  settled: Promise<void>;
}

/** Rejects a transaction's callback so PGlite rolls it back; not an error of anyone's. */
const ROLLBACK = Symbol('rollback');

const open = new Map<number, OpenTransaction>();
let nextTransaction = 1;

function begin(pglite: PGlite): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((started, failed) => {
    const settled = pglite.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          const end = (ok: boolean) => (ok ? commit() : rollBack(ROLLBACK));
          // PGlite calls back only after taking its locks and sending BEGIN, so later than
          // `settledLater` below is assigned.
          open.set(id, { tx, end, settled: settledLater });
          started(id);
        }),
    );
    const settledLater = settled.then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    );
    // BEGIN itself failed: the callback never ran.
    settledLater.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const transaction = open.get(id);
  if (!transaction) throw new Error(`no open transaction ${id}`);
  open.delete(id);
  transaction.end(commit);
  await transaction.settled;
}

async function handle(pglite: PGlite, request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
      if (!target) throw new Error(`no open transaction ${request.tx}`);
      // drizzle's parsers all keep the value's text; functions cannot cross threads, their types can.
      const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepText]));
      return target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    }
    case 'prepared':
      return runOnPglite(pglite, request.statement, request.values);
    case 'begin':
      return begin(pglite);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      await pglite.close();
      return undefined;
  }
}

const keepText = (value: string) => value;

async function start(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = new PGlite(options.dir, { startParams: options.startParams, ...options.engine });
    await pglite.waitReady;
  } catch (error) {
    port.postMessage({ ready: false, error: sendableError(error) } satisfies ReadyMessage);
    return;
  }
  port.on('message', (request: DatabaseRequest) => {
    handle(pglite, request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies DatabaseReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: sendableError(error),
        } satisfies DatabaseReply),
    );
  });
  port.postMessage({ ready: true } satisfies ReadyMessage);
}

await start();
