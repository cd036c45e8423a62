import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema/index.ts';
import { hashToken, randomToken } from '../lib/secure-random.ts';

export type OneTimeTokenType =
  'confirmation' | 'recovery' | 'email_change_current' | 'email_change_new';

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
 * requests race. Returns whose it is and what kind, or undefined when unknown, used or expired.
 */
export async function consumeOneTimeToken(
  db: Db,
  token: string,
  types: readonly OneTimeTokenType[],
): Promise<{ userId: string; relatesTo: string; type: OneTimeTokenType } | undefined> {
  const [row] = await db
    .delete(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.tokenHash, hashToken(token)), inArray(oneTimeTokens.tokenType, types)),
    )
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return { userId: row.userId, relatesTo: row.relatesTo, type: row.tokenType as OneTimeTokenType };
}

/** True while a token of this kind waits for the user (the other half of an email change). */
export async function hasOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
): Promise<boolean> {
  const rows = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.tokenType, type),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    );
  return rows.length > 0;
}
