import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { identities, mfaFactors, users } from '../../db/schema/index.ts';
import { moveAddressIdentity } from './identities-repository.ts';
import {
  completeEmailChange,
  createEmailUser,
  loadUser,
  mergeMetadata,
  mergeUserMetadata,
  recordSent,
} from './users-repository.ts';

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

describe('mergeMetadata', () => {
  it('lays the updates over the current keys, keeping a null as Supabase does', () => {
    const current = { a: 1, b: { c: 2 }, d: 'x' };
    expect(mergeMetadata(current, { b: 3, d: null, e: true })).toEqual({
      a: 1,
      b: 3,
      d: null,
      e: true,
    });
    expect(current).toEqual({ a: 1, b: { c: 2 }, d: 'x' });
  });

  it('removes a key set to null with nullRemoves, as GoTrue’s admin API does', () => {
    expect(
      mergeMetadata({ a: 1, d: 'x' }, { d: null, e: null, f: 2 }, { nullRemoves: true }),
    ).toEqual({
      a: 1,
      f: 2,
    });
    expect(mergeMetadata(null, { a: 1 }, { nullRemoves: true })).toEqual({ a: 1 });
  });
});

describe.each(databaseKinds())('user writes on $name', ({ open }) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('stamps sent mail, merges metadata and moves the email identity with the address', async () => {
    test = await open();
    const { db } = test.database;
    const user = await createEmailUser(db, {
      email: 'jana@example.cz',
      passwordHash: null,
      userMetadata: { jmeno: 'Jana' },
    });
    const now = new Date('2026-03-04T05:06:07.000Z');
    const stamped = await recordSent(
      db,
      user.id,
      ['confirmationSentAt', 'invitedAt'],
      { emailChange: 'nova@example.cz' },
      now,
    );
    expect(stamped?.confirmationSentAt).toEqual(now);
    expect(stamped?.invitedAt).toEqual(now);
    expect(stamped?.recoverySentAt).toBeNull();
    expect(stamped?.emailChange).toBe('nova@example.cz');

    await mergeUserMetadata(db, user, { mesto: 'Brno' });
    await db.transaction(async (tx) => {
      await completeEmailChange(tx, user.id, 'nova@example.cz', now);
      await moveAddressIdentity(tx, user.id, 'email', 'nova@example.cz', true, { now });
    });
    const record = await loadUser(db, user.id);
    expect(record?.user).toMatchObject({
      email: 'nova@example.cz',
      emailChange: null,
      emailConfirmedAt: now,
      userMetadata: { jmeno: 'Jana', mesto: 'Brno' },
    });
    expect(record?.identities).toHaveLength(1);
    expect(record?.identities[0]).toMatchObject({
      provider: 'email',
      email: 'nova@example.cz',
      identityData: { sub: user.id, email: 'nova@example.cz', email_verified: true },
    });
  });
});
