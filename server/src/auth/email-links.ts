import { and, eq, sql } from 'drizzle-orm';
import { identities, users } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from './auth-context.ts';
import { consumeOneTimeToken, hasOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts';
import { findUserByEmail, loadUser, type UserRecord } from './users-repository.ts';

/** Email link types, the tokens behind each and the sign-in method a session from it records. */
export const LINK_TYPES = {
  signup: { tokens: ['confirmation'], method: 'otp' },
  // GoTrue: an invitation is a confirmation token; a magic link to an existing user a recovery one.
  invite: { tokens: ['confirmation'], method: 'otp' },
  magiclink: { tokens: ['recovery'], method: 'otp' },
  recovery: { tokens: ['recovery'], method: 'recovery' },
  email_change: { tokens: ['email_change_current', 'email_change_new'], method: 'email_change' },
} as const satisfies Record<string, { tokens: readonly OneTimeTokenType[]; method: string }>;

export type LinkType = keyof typeof LINK_TYPES;

export const isLinkType = (value: unknown): value is LinkType =>
  typeof value === 'string' && Object.hasOwn(LINK_TYPES, value);

export type LinkOutcome =
  | { kind: 'invalid' }
  /** The first of the two email-change links: accepted, waiting for the other one. */
  | { kind: 'half_done' }
  | { kind: 'verified'; record: UserRecord };

export const HALF_DONE_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * Uses an email link's token once. Signup, invite, magic-link and recovery links confirm the
 * address (opening any of them proves it); the second email-change link moves the account to the
 * new address. A used, unknown or expired token — or one whose address has changed since it was
 * sent — is invalid.
 */
export async function useEmailLink(
  context: AuthContext,
  token: string,
  type: LinkType,
): Promise<LinkOutcome> {
  const used = await consumeOneTimeToken(context.db, token, LINK_TYPES[type].tokens);
  const record = used && (await loadUser(context.db, used.userId));
  if (!used || !record) return { kind: 'invalid' };
  if (type === 'email_change') return changeEmail(context, record, used);
  if (record.user.email !== used.relatesTo) return { kind: 'invalid' };
  if (!record.user.emailConfirmedAt) {
    const now = new Date();
    await context.db
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(eq(users.id, record.user.id));
  }
  return verified(context, record.user.id);
}

async function changeEmail(
  context: AuthContext,
  record: UserRecord,
  used: { relatesTo: string; type: OneTimeTokenType },
): Promise<LinkOutcome> {
  const { user } = record;
  const next = user.emailChange;
  const expected = used.type === 'email_change_current' ? user.email : next;
  if (!next || used.relatesTo !== expected) return { kind: 'invalid' };
  const other = used.type === 'email_change_current' ? 'email_change_new' : 'email_change_current';
  // GoTrue asks for the second link only while addresses are confirmed; with autoconfirm either
  // link completes the change.
  if (!context.options.autoconfirm && (await hasOneTimeToken(context.db, user.id, other)))
    return { kind: 'half_done' };

  const taken = await findUserByEmail(context.db, next);
  if (taken && taken.id !== user.id) return { kind: 'invalid' };
  await applyEmailChange(context.db, user.id, next);
  return verified(context, user.id);
}

/**
 * Moves an account to a confirmed new address: the email identity follows it (and is made if the
 * user had none — an anonymous or a Google-only user), and an anonymous user becomes a permanent
 * one, keeping their id and so everything they made (GoTrue's `emailChangeVerify`).
 */
export async function applyEmailChange(db: Db, userId: string, email: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email,
        emailChange: null,
        emailConfirmedAt: now,
        isAnonymous: false,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    const changed = await tx
      .update(identities)
      .set({
        email,
        identityData: sql`${identities.identityData} || ${JSON.stringify({ email, email_verified: true })}::jsonb`,
        updatedAt: now,
      })
      .where(and(eq(identities.userId, userId), eq(identities.provider, 'email')))
      .returning({ id: identities.id });
    if (changed.length) return;
    await tx.insert(identities).values({
      userId,
      provider: 'email',
      providerId: userId,
      email,
      identityData: { sub: userId, email, email_verified: true, phone_verified: false },
    });
  });
}

async function verified(context: AuthContext, userId: string): Promise<LinkOutcome> {
  const record = await loadUser(context.db, userId);
  return record ? { kind: 'verified', record } : { kind: 'invalid' };
}
