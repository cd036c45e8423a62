import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/http-error.ts';
import { PgliteThread } from './pglite-thread.ts';
import { pgliteEngine } from './pglite-engine.ts';

describe('PGlite in its own thread', () => {
  let thread: PgliteThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('answers statements, and brings PostgreSQL’s error fields back across the thread', async () => {
    thread = await PgliteThread.start({});
    await thread.query('create table notes (id int primary key, body text)');
    await thread.query('insert into notes values ($1, $2)', [1, 'první']);
    expect((await thread.query('select body from notes')).rows).toEqual([{ body: 'první' }]);
    const duplicate = await thread.query('insert into notes values (1, $1)', ['x']).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
  });

  it('commits a transaction that ends well, rolls back one that throws, and makes others wait', async () => {
    thread = await PgliteThread.start({});
    const db = thread;
    await db.query('create table counts (n int)');
    await db.transaction(async (tx) => {
      await tx.query('insert into counts values (1)');
    });
    const failed = db.transaction(async (tx) => {
      await tx.query('insert into counts values (2)');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');

    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = db.transaction(async (tx) => {
      await tx.query('insert into counts values (3)');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('transaction ends');
    });
    const outside = db.query('select count(*)::int as n from counts').then((result) => {
      order.push('outside statement');
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await held;
    // The statement outside waited for the open transaction, and then saw its row.
    expect(await outside).toEqual([{ n: 2 }]);
    expect(order).toEqual(['transaction ends', 'outside statement']);
  });

  it('refuses statements once closed, as a database that went away (503)', async () => {
    thread = await PgliteThread.start({});
    const closed = thread;
    await closed.close();
    thread = undefined;
    const error: unknown = await closed.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('compiles PGlite once per process: every thread is handed the same engine', async () => {
    const engine = await pgliteEngine();
    expect(engine.pgliteWasmModule).toBeInstanceOf(WebAssembly.Module);
    expect(engine.initdbWasmModule).toBeInstanceOf(WebAssembly.Module);
    expect(await pgliteEngine()).toBe(engine);
    // Two databases at once, each in its own thread on the shared modules, each its own.
    const [first, second] = await Promise.all([PgliteThread.start({}), PgliteThread.start({})]);
    try {
      await first.query('create table only_here (id int)');
      const elsewhere = await second.query('select to_regclass($1) as t', ['only_here']);
      expect(elsewhere.rows).toEqual([{ t: null }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
