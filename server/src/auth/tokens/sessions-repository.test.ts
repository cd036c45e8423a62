import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  rateLimitCounters,
  refreshTokens,
  sessionAmr,
  sessions,
} from '../../db/schema/index.ts';
import { countedHit, countHit } from '../../lib/rate-limit.ts';
import { hashToken } from '../../lib/secure-random.ts';
import {
  childToken,
  createSession,
  findSession,
  findSessionAndUser,
  sessionMethods,
} from './sessions-repository.ts';
import { refreshSession } from './refresh-rotation.ts';
import { createEmailUser, loadUser } from '../users/users-repository.ts';

const SECRET = 'test-secret';
const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const options = (now: Date) => ({ secret: SECRET, reuseSeconds: 10, now });

async function signedIn(db: Db) {
  const user = await createEmailUser(db, { email: 'eva@example.cz', passwordHash: 'x' });
  const started = await createSession(db, user.id, 'password', { audit: { action: 'login' } });
  if (!started) throw new Error('no session');
  const { session, refreshToken } = started;
  await db.insert(sessionAmr).values({ sessionId: session.id, method: 'totp' });
  return { user, session, refreshToken };
}

const tokensOf = (db: Db, sessionId: string) =>
  db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));

describe.each(databaseKinds())('starting a session on $name', ({ open }) => {
  // A fresh database per test, opened in the hook: migrating a new PGlite takes seconds on a
  // loaded machine, which counts against the hook's 60 s rather than the test's 20 s.
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('creates the session, its method and first token, and marks the sign-in, in one statement', async () => {
    const { db } = test.database;
    const user = await createEmailUser(db, { email: 'eva@example.cz', passwordHash: 'x' });
    const details = { userAgent: 'Firefox', ip: '192.0.2.7' };
    const started = await createSession(
      db,
      user.id,
      'password',
      { ...details, audit: { action: 'login' } },
      T0,
    );
    if (!started) throw new Error('no session');
    const { session, refreshToken, record, amr } = started;
    expect(session).toEqual(await findSession(db, session.id));
    expect(session).toMatchObject({ userId: user.id, aal: 'aal1', userAgent: 'Firefox' });
    expect(session.ip).toBe('192.0.2.7');
    // The answer shows the user as the sign-in left them, as a fresh read does.
    expect(record).toEqual(await loadUser(db, user.id));
    expect(record.user.lastSignInAt).toEqual(T0);
    expect(amr).toEqual(await sessionMethods(db, session.id));
    expect(amr.map((entry) => entry.method)).toEqual(['password']);
    const rows = await tokensOf(db, session.id);
    expect(rows.map((row) => [row.tokenHash, row.revoked, row.userId])).toEqual([
      [hashToken(refreshToken), false, user.id],
    ]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries).toMatchObject([
      { action: 'login', payload: { method: 'password' }, ip: '192.0.2.7' },
    ]);
  });

  it('takes back the sign-in attempt’s rate-limit hit in the same statement', async () => {
    const { db } = test.database;
    const user = await createEmailUser(db, { email: 'eva@example.cz', passwordHash: 'x' });
    const key = 'sign-in-failures:eva@example.cz';
    await countHit(db, key, 60_000, T0.getTime());
    await countHit(db, key, 60_000, T0.getTime());
    const takeBack = countedHit(key, 60_000, T0.getTime());
    await createSession(db, user.id, 'password', { audit: { action: 'login' }, takeBack }, T0);
    const [counter] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    expect(counter?.count).toBe(1);
  });

  it('creates nothing for a user who is gone', async () => {
    const { db } = test.database;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      await createSession(db, missing, 'password', { audit: { action: 'login' } }),
    ).toBeUndefined();
    expect(await db.select().from(sessions)).toEqual([]);
    expect(await db.select().from(auditLog)).toEqual([]);
  });
});

describe.each(databaseKinds())('refresh-token rotation on $name', ({ open }) => {
  // A fresh database per test, opened in the hook: migrating a new PGlite takes seconds on a
  // loaded machine, which counts against the hook's 60 s rather than the test's 20 s.
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('rotates a live token to its HMAC child, storing only hashes, with user and amr', async () => {
    const { db } = test.database;
    const { user, session, refreshToken } = await signedIn(db);
    const result = await refreshSession(db, refreshToken, options(at(0)));
    const child = childToken(refreshToken, SECRET);
    expect(result).toEqual({
      kind: 'rotated',
      session: await findSession(db, session.id),
      refreshToken: child,
      record: await loadUser(db, user.id),
      amr: await sessionMethods(db, session.id),
    });
    if (result.kind !== 'rotated') return;
    expect(result.session.refreshedAt).toEqual(at(0));
    expect(result.amr.map((entry) => entry.method).sort()).toEqual(['password', 'totp']);
    const rows = await tokensOf(db, session.id);
    expect(rows.map((row) => [row.tokenHash, row.revoked, row.parentHash])).toEqual(
      expect.arrayContaining([
        [hashToken(refreshToken), true, null],
        [hashToken(child), false, hashToken(refreshToken)],
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
    expect(JSON.stringify(rows)).not.toContain(child);
  });

  it('gives the current child back within the reuse interval, ends the session after it', async () => {
    const { db } = test.database;
    const { user, session, refreshToken } = await signedIn(db);
    const first = await refreshSession(db, refreshToken, options(at(0)));
    const again = await refreshSession(db, refreshToken, options(at(10)));
    expect(again).toMatchObject({ kind: 'reused', refreshToken: childToken(refreshToken, SECRET) });
    expect(again).toMatchObject({ record: await loadUser(db, user.id) });
    expect(again).toMatchObject({ amr: await sessionMethods(db, session.id) });
    expect(first.kind).toBe('rotated');

    const late = await refreshSession(db, refreshToken, options(at(11)));
    expect(late).toEqual({ kind: 'already_used' });
    expect(await findSession(db, session.id)).toBeUndefined();
  });

  it('ends the session when a token two rotations old comes back, even at once', async () => {
    const { db } = test.database;
    const { session, refreshToken } = await signedIn(db);
    const second = await refreshSession(db, refreshToken, options(at(0)));
    if (second.kind !== 'rotated') throw new Error(second.kind);
    expect(second.session).toEqual(await findSession(db, session.id));
    expect((await refreshSession(db, second.refreshToken, options(at(1)))).kind).toBe('rotated');
    expect(await refreshSession(db, refreshToken, options(at(2)))).toEqual({
      kind: 'already_used',
    });
    expect(await tokensOf(db, session.id)).toEqual([]);
  });

  it('does not find an unknown token', async () => {
    const { db } = test.database;
    expect(await refreshSession(db, 'neznamy-token-123', options(at(0)))).toEqual({
      kind: 'not_found',
    });
  });

  it('decides racing uses of one token one after the other: one rotation, the rest reuse', async () => {
    const { db } = test.database;
    const { session, refreshToken } = await signedIn(db);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => refreshSession(db, refreshToken, options(new Date()))),
    );
    const kinds = results.map((result) => result.kind).sort();
    expect(kinds).toEqual([
      'reused',
      'reused',
      'reused',
      'reused',
      'reused',
      'reused',
      'reused',
      'rotated',
    ]);
    const child = childToken(refreshToken, SECRET);
    for (const result of results) expect(result).toMatchObject({ refreshToken: child });
    const live = (await tokensOf(db, session.id)).filter((row) => !row.revoked);
    expect(live.map((row) => row.tokenHash)).toEqual([hashToken(child)]);
  });
});

describe.each(databaseKinds())('findSessionAndUser on $name', ({ open }) => {
  // A fresh database per test, opened in the hook: migrating a new PGlite takes seconds on a
  // loaded machine, which counts against the hook's 60 s rather than the test's 20 s.
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('reads the session and the user together, each undefined when missing', async () => {
    const { db } = test.database;
    const { user, session } = await signedIn(db);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await findSessionAndUser(db, session.id, user.id)).toEqual({
      session: await findSession(db, session.id),
      record: await loadUser(db, user.id),
    });
    expect(await findSessionAndUser(db, nobody, user.id)).toEqual({
      session: undefined,
      record: await loadUser(db, user.id),
    });
    expect(await findSessionAndUser(db, session.id, nobody)).toEqual({
      session: await findSession(db, session.id),
      record: undefined,
    });
  });
});
