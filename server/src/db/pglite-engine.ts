import { readFile } from 'node:fs/promises';
import type { PgliteEngine } from './pglite-protocol.ts';

let engine: Promise<PgliteEngine> | undefined;

/**
 * PGlite's WebAssembly engine, compiled once for the whole process and handed to every database
 * thread. Left to itself, each thread compiles both modules again and frees their code when it
 * stops, so a database took ~1 s longer to open. Held here, the code lives as long as the
 * process, and a thread starts without compiling (ADR 018).
 */
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= compile().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

async function compile(): Promise<PgliteEngine> {
  const file = (name: string) => new URL(name, import.meta.resolve('@electric-sql/pglite'));
  const compiled = (name: string) =>
    readFile(file(name)).then((bytes) => WebAssembly.compile(bytes));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    compiled('./pglite.wasm'),
    compiled('./initdb.wasm'),
  ]);
  return { pgliteWasmModule, initdbWasmModule };
}
