import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { openDatabase } from '../../db/client.ts';
import { activeSigningKey, publicKeys, rotateSigningKey } from './signing-keys.ts';

describe.each(databaseKinds())('signing keys on $name', ({ name, open }) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('makes one key on first use and keeps using it', async () => {
    test = await open();
    const first = await activeSigningKey(test.database.db);
    const again = await activeSigningKey(test.database.db);
    expect(again.kid).toBe(first.kid);
    const keys = await publicKeys(test.database.db, 3600);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kid: first.kid,
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
    });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('keeps a retired key published until its tokens have expired', async () => {
    test = await open();
    const old = await activeSigningKey(test.database.db);
    await rotateSigningKey(test.database.db);
    const current = await activeSigningKey(test.database.db);
    expect(current.kid).not.toBe(old.kid);
    expect((await publicKeys(test.database.db, 3600)).map((key) => key.kid)).toEqual([
      current.kid,
      old.kid,
    ]);
    expect((await publicKeys(test.database.db, 0)).map((key) => key.kid)).toEqual([current.kid]);
  });

  it.runIf(name === 'postgres')(
    'gives instances starting together one and the same key',
    async () => {
      test = await open();
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: test?.url, dataDir: '' })),
      );
      const kids = await Promise.all(
        instances.map((instance) => activeSigningKey(instance.db).then((k) => k.kid)),
      );
      expect(new Set(kids).size).toBe(1);
      expect(await publicKeys(test.database.db, 3600)).toHaveLength(1);
      await Promise.all(instances.map((instance) => instance.close()));
    },
  );
});
