import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { identities, mfaFactors, users } from '../../db/schema/index.ts';
import { createEmailUser, loadUser } from './users-repository.ts';

describe.each(databaseKinds())('loadUser on $name', ({ open }) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('gives exactly what plain selects give: rows, Dates, JSON, identities and factors', async () => {
    test = await open();
    const { db } = test.database;
    const user = await createEmailUser(db, {
      email: 'Alena@Example.cz',
      passwordHash: 'hash',
      userMetadata: { jmeno: 'Alena', tagy: ['a', 'b'], vnoreno: { cislo: 1.5 } },
      confirmedAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    await db
      .update(users)
      .set({ bannedUntil: new Date('2030-01-01T00:00:00.001Z'), appMetadata: { role: 'x' } })
      .where(eq(users.id, user.id));
    await db.insert(identities).values({
      userId: user.id,
      provider: 'google',
      providerId: 'g-123',
      identityData: { sub: 'g-123' },
      createdAt: new Date(Date.now() + 1000),
    });
    await db.insert(mfaFactors).values([
      { userId: user.id, factorType: 'totp', friendlyName: 'telefon', status: 'verified' },
      { userId: user.id, factorType: 'phone', phone: '+420777000111' },
    ]);

    const [plainUser] = await db.select().from(users).where(eq(users.id, user.id));
    const plainIdentities = await db
      .select()
      .from(identities)
      .where(eq(identities.userId, user.id))
      .orderBy(asc(identities.createdAt), asc(identities.id));
    const plainFactors = await db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, user.id))
      .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));

    const record = await loadUser(db, user.id);
    expect(record).toEqual({ user: plainUser, identities: plainIdentities, factors: plainFactors });
    expect(record?.user.bannedUntil).toBeInstanceOf(Date);
    expect(record?.identities.map((identity) => identity.provider)).toEqual(['email', 'google']);
  });

  it('gives empty lists for a user without identities or factors, undefined for nobody', async () => {
    test = await open();
    const { db } = test.database;
    const [bare] = await db.insert(users).values({ email: null }).returning();
    expect(await loadUser(db, bare?.id ?? '')).toEqual({ user: bare, identities: [], factors: [] });
    expect(await loadUser(db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
