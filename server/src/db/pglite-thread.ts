import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PreparedStatement } from './prepared.ts';
import {
  receivedError,
  type DatabaseReply,
  type DatabaseRequest,
  type DatabaseThreadOptions,
  type ReadyMessage,
} from './pglite-protocol.ts';
import { pgliteEngine } from './pglite-engine.ts';

/** A request without its id (the thread numbers them). */
type Request = DatabaseRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

/** What drizzle's PGlite driver calls on a transaction's client. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * PGlite in a worker thread of its own (pglite-worker.ts, ADR 013), behind the part of PGlite's
 * interface that drizzle's driver uses: `query` and `transaction`. Statements of a transaction run
 * inside it, other statements wait for it to end, as on PGlite itself. When the thread dies, every
 * waiting and later statement fails as with a database that went away (SQLSTATE 57P01 → 503).
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: DatabaseReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', () => this.#fail(new Error('the embedded database thread stopped')));
    // The thread keeps the process alive only while it has work, as a socket does.
    worker.unref();
  }

  /** Starts the thread and opens the database in it. */
  static async start(options: Omit<DatabaseThreadOptions, 'engine'>): Promise<PgliteThread> {
    const workerData: DatabaseThreadOptions = { ...options, engine: await pgliteEngine() };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData });
    const ready = await new Promise<ReadyMessage>((resolve, reject) => {
      const exited = (code: number) => reject(new Error(`the database thread exited with ${code}`));
      worker.once('error', reject);
      worker.once('exit', exited);
      worker.once('message', (message: ReadyMessage) => {
        // Only these two: the Worker's own listeners (which start its message port) must stay.
        worker.off('error', reject);
        worker.off('exit', exited);
        resolve(message);
      });
    });
    if (!ready.ready) {
      await worker.terminate();
      throw receivedError(ready.error);
    }
    return new PgliteThread(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  /** Runs `run` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#send({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await run({
        query: (sql, params = [], options) => this.#query(sql, params, options, tx),
      });
    } catch (error) {
      await this.#send({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#send({ op: 'end', tx, commit: true });
    return result;
  }

  /** A named statement (prepared.ts), prepared in the thread on first use. */
  prepared(statement: PreparedStatement, values: (string | null)[]): Promise<unknown[]> {
    return this.#send({ op: 'prepared', statement, values }) as Promise<unknown[]>;
  }

  /** Closes the database (its files are complete after this) and stops the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    await this.#send({ op: 'close' });
    this.#gone = unavailable(new Error('the embedded database is closed'));
    this.#worker.ref();
    await this.#worker.terminate();
  }

  #query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx?: number) {
    const textTypes = Object.keys(options?.parsers ?? {}).map(Number);
    const rowMode = options?.rowMode ?? 'object';
    return this.#send({ op: 'query', sql, params, rowMode, textTypes, tx }) as Promise<Results<T>>;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    if (this.#waiting.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: DatabaseReply): void {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(receivedError(reply.error));
  }

  #fail(cause: Error): void {
    if (this.#gone) return;
    this.#gone = unavailable(cause);
    for (const { reject } of this.#waiting.values()) reject(this.#gone);
    this.#waiting.clear();
  }
}

/** 57P01 (admin_shutdown): the error model answers 503, as for a server that went away. */
function unavailable(cause: Error): Error {
  return Object.assign(new Error('the embedded database is not running', { cause }), {
    code: '57P01',
  });
}
