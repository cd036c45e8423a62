import type { PreparedStatement } from './prepared.ts';

/**
 * The messages between the server's thread and the embedded database's (pglite-thread.ts ↔
 * pglite-worker.ts). Every request carries an id its reply repeats; `tx` names an open
 * transaction, whose statements run inside it.
 */
export type DatabaseRequest = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types whose values stay text (drizzle maps them itself). */
      textTypes: number[];
      tx?: number;
    }
  | { op: 'prepared'; statement: PreparedStatement; values: (string | null)[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** A database error's message and PostgreSQL fields (code, detail, constraint…), cloneable. */
export interface SentError {
  message: string;
  fields: Record<string, string | number>;
}

export type DatabaseReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError };

/** What the database thread is started with. */
export interface DatabaseThreadOptions {
  /** The data directory; none for an in-memory database. */
  dir?: string;
  startParams?: string[];
  /** PGlite's engine, compiled once per process (pglite-engine.ts). */
  engine: PgliteEngine;
}

/** PGlite's two WebAssembly modules, compiled: a thread is handed them, not a copy. */
export interface PgliteEngine {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

/** Sent once the database is open (or could not be). */
export type ReadyMessage = { ready: true } | { ready: false; error: SentError };

const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export function sendableError(error: unknown): SentError {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  const fields: Record<string, string | number> = {};
  for (const key of ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, fields };
}

/** The error again on this side, with PostgreSQL's fields as a driver's error has them. */
export function receivedError({ message, fields }: SentError): Error {
  return Object.assign(new Error(message), { name: 'DatabaseError' }, fields);
}
