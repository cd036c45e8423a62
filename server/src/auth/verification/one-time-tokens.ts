import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/secure-random.ts';

export type OneTimeTokenType =
  | 'confirmation'
  | 'invite'
  | 'recovery'
  | 'magiclink'
  | 'email_change_current'
  | 'email_change_new'
  /** A code texted to sign in with a phone number (the link token beside it goes nowhere). */
  | 'phone_otp'
  | 'phone_change'
  /** The nonce GET /reauthenticate sends: a code only, its link token is never sent. */
  | 'reauthentication';

/** A link's token and the 6-digit code that stands for it in the same mail. */
export interface IssuedToken {
  token: string;
  code: string;
}

/**
 * The stored form of a code. Bound to the user, so the same six digits of two users never meet
 * and the column is no lookup table of the million possible codes.
 */
const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/**
 * Makes the token behind an email link, and a 6-digit code for the same step (typed instead of
 * opening the link, e.g. on another device). Only their hashes are stored, and an earlier token
 * of the same kind for the user is replaced, so only the newest link and code work. The code is
 * a million-to-one guess: the verify rate limit and the lifetime are what keep it safe.
 */
export async function issueOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
  relatesTo: string,
  lifetimeSeconds: number,
): Promise<IssuedToken> {
  const token = randomToken();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, type)));
    await tx.insert(oneTimeTokens).values({
      userId,
      tokenType: type,
      tokenHash: hashToken(token),
      codeHash: codeHash(userId, code),
      relatesTo,
      expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
    });
  });
  return { token, code };
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

/**
 * Uses a user's 6-digit code of one of `types`, like consumeOneTimeToken: deleted in the statement
 * that finds it, so it works once; undefined when wrong, used or expired.
 */
export async function consumeOneTimeCode(
  db: Db,
  userId: string,
  code: string,
  types: readonly OneTimeTokenType[],
): Promise<{ userId: string; relatesTo: string; type: OneTimeTokenType } | undefined> {
  const [row] = await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.codeHash, codeHash(userId, code)),
        inArray(oneTimeTokens.tokenType, types),
      ),
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
