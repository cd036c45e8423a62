import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds, type TestDatabase } from '../../test/databases.ts';
import { runPrepared } from './prepared.ts';

const SETTING = {
  name: 'partak_test_setting',
  text: `insert into instance_settings (key, value) values ($1, $2)
    returning key, length(value) as size, json_build_object('value', value) as doc,
      value is not null as present, null::text as nothing`,
};
const COUNT = {
  name: 'partak_test_count',
  text: `select count(*)::int as count from instance_settings where key like $1`,
};

/** A promise, and the function that settles it. */
function signal() {
  let fire: (value?: undefined) => void = () => undefined;
  const fired = new Promise<undefined>((resolve) => (fire = resolve));
  return { fire: () => fire(), fired };
}

describe.each(databaseKinds())('prepared statements on $name', ({ open }) => {
  // A fresh database per test, opened in the hook: migrating a new PGlite takes seconds on a
  // loaded machine, which counts against the hook's 60 s rather than the test's 20 s.
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('run again and again, decoding text, int, json, boolean and null columns', async () => {
    const { db } = test.database;
    for (const key of ['a', 'b', 'c']) {
      expect(await runPrepared(db, SETTING, [`prep:${key}`, 'hodnota'])).toEqual([
        { key: `prep:${key}`, size: 7, doc: { value: 'hodnota' }, present: true, nothing: null },
      ]);
    }
    expect(await runPrepared(db, COUNT, ['prep:%'])).toEqual([{ count: 3 }]);
  });

  it('throw database errors with their SQLSTATE and stay usable afterwards', async () => {
    const { db } = test.database;
    await runPrepared(db, SETTING, ['prep:dup', 'x']);
    await expect(runPrepared(db, SETTING, ['prep:dup', 'y'])).rejects.toMatchObject({
      code: '23505',
    });
    expect(await runPrepared(db, COUNT, ['prep:dup'])).toEqual([{ count: 1 }]);
    await runPrepared(db, SETTING, ['prep:after', 'z']);
    expect(await runPrepared(db, COUNT, ['prep:%'])).toEqual([{ count: 2 }]);
  });

  it('run inside a drizzle transaction when given one', async () => {
    const { db } = test.database;
    const seen = await db
      .transaction(async (tx) => {
        await runPrepared(tx, SETTING, ['prep:tx', 'x']);
        const [row] = await runPrepared<{ count: number }>(tx, COUNT, ['prep:tx']);
        tx.rollback();
        return row?.count;
      })
      .catch(() => 'rolled back');
    expect(seen).toBe('rolled back');
    expect(await runPrepared(db, COUNT, ['prep:tx'])).toEqual([{ count: 0 }]);
  });

  it("never join another caller's open transaction: it waits, and commits on its own", async () => {
    const { db } = test.database;
    const order: string[] = [];
    const gate = signal();
    const inside = signal();
    const other = db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into instance_settings (key, value) values ('prep:other', 'x')`,
        );
        inside.fire();
        await gate.fired;
        order.push('other rolls back');
        tx.rollback();
      })
      .catch(() => undefined);
    await inside.fired;
    const mine = runPrepared(db, SETTING, ['prep:mine', 'x']).then(() => order.push('mine done'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    gate.fire();
    await Promise.all([other, mine]);
    // On PGlite (one connection) it had to wait; on a pool it may finish first. Either way it
    // was never part of the transaction that rolled back.
    if (test.name === 'pglite') expect(order).toEqual(['other rolls back', 'mine done']);
    expect(await runPrepared(db, COUNT, ['prep:mine'])).toEqual([{ count: 1 }]);
    expect(await runPrepared(db, COUNT, ['prep:other'])).toEqual([{ count: 0 }]);
  });
});
