import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds, type TestDatabase } from '../../../test/databases.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { consumeOneTimeCode, consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts';
import { createEmailUser } from '../users/users-repository.ts';

describe.each(databaseKinds())('one-time tokens and their codes on $name', ({ open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  });
  afterAll(() => test.drop());

  const user = (email: string) =>
    createEmailUser(test.database.db, { email, passwordHash: 'hash' });

  it('issues a link token and a 6-digit code, both stored hashed; the code works once', async () => {
    const { db } = test.database;
    const ema = await user('ema@example.cz');
    const { token, code } = await issueOneTimeToken(db, ema.id, 'recovery', ema.email ?? '', 60);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, ema.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.codeHash).not.toContain(code);

    const wrong = code === '000000' ? '000001' : '000000';
    expect(await consumeOneTimeCode(db, ema.id, wrong, ['recovery'])).toBeUndefined();
    expect(await consumeOneTimeCode(db, ema.id, code, ['confirmation'])).toBeUndefined();
    expect(await consumeOneTimeCode(db, ema.id, code, ['recovery'])).toMatchObject({
      userId: ema.id,
      type: 'recovery',
      relatesTo: 'ema@example.cz',
    });
    expect(await consumeOneTimeCode(db, ema.id, code, ['recovery'])).toBeUndefined();
    // The code and the link are one step: using one uses the other.
    expect(await consumeOneTimeToken(db, token, ['recovery'])).toBeUndefined();
  });

  it("takes only the newest code, and never another user's", async () => {
    const { db } = test.database;
    const jan = await user('jan@example.cz');
    const eva = await user('eva@example.cz');
    const first = await issueOneTimeToken(db, jan.id, 'confirmation', 'jan@example.cz', 60);
    const second = await issueOneTimeToken(db, jan.id, 'confirmation', 'jan@example.cz', 60);
    if (first.code !== second.code) {
      expect(await consumeOneTimeCode(db, jan.id, first.code, ['confirmation'])).toBeUndefined();
    }
    expect(await consumeOneTimeCode(db, eva.id, second.code, ['confirmation'])).toBeUndefined();
    expect(await consumeOneTimeCode(db, jan.id, second.code, ['confirmation'])).toBeDefined();
  });

  it('refuses an expired code', async () => {
    const { db } = test.database;
    const old = await user('old@example.cz');
    const { code } = await issueOneTimeToken(db, old.id, 'recovery', 'old@example.cz', -1);
    expect(await consumeOneTimeCode(db, old.id, code, ['recovery'])).toBeUndefined();
  });
});
