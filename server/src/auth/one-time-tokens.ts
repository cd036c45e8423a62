import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema/index.ts';
import { hashToken, randomToken } from '../lib/secure-random.ts';

export type OneTimeTokenType = 'confirmation' | 'recovery';

/**
 * Makes the token behind an email link. Only its hash is stored, and an earlier token of the same
 * kind for the user is replaced, so only the newest link works.
 */
export async function issueOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
  relatesTo: string,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, type)));
    await tx.insert(oneTimeTokens).values({
      userId,
      tokenType: type,
      tokenHash: hashToken(token),
      relatesTo,
      expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
    });
  });
  return token;
}

/**
 * Uses a token: it is deleted in the same statement that finds it, so it works once even when two
 * requests race. Returns the user it belongs to, or undefined when unknown, used or expired.
 */
export async function consumeOneTimeToken(
  db: Db,
  token: string,
  type: OneTimeTokenType,
): Promise<{ userId: string; relatesTo: string } | undefined> {
  const [row] = await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.tokenType, type)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return { userId: row.userId, relatesTo: row.relatesTo };
}
