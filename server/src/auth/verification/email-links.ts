import { and, eq, sql } from 'drizzle-orm';
import { identities, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { AuditAction } from '../http/audit.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { consumeOneTimeToken, hasOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts';
import { findUserByEmail, isBanned, loadUser, type UserRecord } from '../users/users-repository.ts';

/**
 * Email verification types: the tokens each accepts, the sign-in method a session from it records
 * and the method of the PKCE flow its link finishes. As in GoTrue, signup and invite links share
 * one kind of token, and so do magic and recovery links (GoTrue keeps each pair in one column);
 * `email` takes either pair and becomes `signup` or `magiclink` by what it found.
 */
export const LINK_TYPES = {
  signup: { tokens: ['confirmation', 'invite'], method: 'otp', flow: 'email/signup' },
  invite: { tokens: ['invite', 'confirmation'], method: 'otp', flow: 'invite' },
  magiclink: { tokens: ['magiclink', 'recovery'], method: 'otp', flow: 'magiclink' },
  recovery: { tokens: ['recovery', 'magiclink'], method: 'recovery', flow: 'recovery' },
  email: {
    tokens: ['confirmation', 'invite', 'magiclink', 'recovery'],
    method: 'otp',
    flow: 'email/signup',
  },
  email_change: {
    tokens: ['email_change_current', 'email_change_new'],
    method: 'email_change',
    flow: 'email_change',
  },
} as const satisfies Record<
  string,
  { tokens: readonly OneTimeTokenType[]; method: string; flow: string }
>;

export type LinkType = keyof typeof LINK_TYPES;

export const isLinkType = (value: unknown): value is LinkType =>
  typeof value === 'string' && Object.hasOwn(LINK_TYPES, value);

/** The types of a texted code: signing in with the number, or moving to a new one. */
export type PhoneType = 'sms' | 'phone_change';

export const isPhoneType = (value: unknown): value is PhoneType =>
  value === 'sms' || value === 'phone_change';

/** The sign-in method a session from a verified type records (`otp` for phone codes). */
export const methodOf = (type: LinkType | PhoneType): string =>
  isPhoneType(type) ? 'otp' : LINK_TYPES[type].method;

export type LinkOutcome =
  | { kind: 'invalid' }
  /** The first of the two email-change links: accepted, waiting for the other one. */
  | { kind: 'half_done' }
  /** `type`: the link's type, `email` resolved; `action`: what the audit log records. */
  | { kind: 'verified'; record: UserRecord; type: LinkType | PhoneType; action: AuditAction };

export const HALF_DONE_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export const BANNED = () => new AuthError(403, 'user_banned', 'User is banned');

/** A used one-time token: whose it is, where it was sent and what kind it was. */
export interface UsedToken {
  userId: string;
  relatesTo: string;
  type: OneTimeTokenType;
}

/** Uses an email link's token (GET /verify, or POST with `token_hash`) once. */
export async function useEmailLink(
  context: AuthContext,
  token: string,
  type: LinkType,
): Promise<LinkOutcome> {
  const used = await consumeOneTimeToken(context.db, token, LINK_TYPES[type].tokens);
  return used ? applyEmailToken(context, used, type) : { kind: 'invalid' };
}

/**
 * What a used email token (a link's or a code's) does. Signup, invite, magic and recovery links
 * confirm the address (receiving the mail proves it); the second email-change link moves the
 * account to the new address. A token whose address has changed since it was sent is invalid; a
 * banned user is refused (403 `user_banned`).
 */
export async function applyEmailToken(
  context: AuthContext,
  used: UsedToken,
  requested: LinkType,
): Promise<LinkOutcome> {
  const record = await loadUser(context.db, used.userId);
  if (!record) return { kind: 'invalid' };
  if (isBanned(record.user)) throw BANNED();
  if (requested === 'email_change') return changeEmail(context, record, used);
  if (record.user.email !== used.relatesTo) return { kind: 'invalid' };
  const type = resolvedType(requested, used.type);
  const firstConfirmation = !record.user.emailConfirmedAt;
  if (firstConfirmation) {
    const now = new Date();
    await context.db
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(eq(users.id, record.user.id));
  }
  const action: AuditAction =
    type === 'signup' || type === 'invite' || firstConfirmation ? 'user_signedup' : 'login';
  return verified(context, record.user.id, type, action);
}

/** `email` is a signup confirmation or a magic link, by the token it found (GoTrue alike). */
function resolvedType(requested: LinkType, token: OneTimeTokenType): LinkType {
  if (requested !== 'email') return requested;
  return token === 'confirmation' || token === 'invite' ? 'signup' : 'magiclink';
}

async function changeEmail(
  context: AuthContext,
  record: UserRecord,
  used: UsedToken,
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
  return verified(context, user.id, 'email_change', 'user_modified');
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

async function verified(
  context: AuthContext,
  userId: string,
  type: LinkType,
  action: AuditAction,
): Promise<LinkOutcome> {
  const record = await loadUser(context.db, userId);
  return record ? { kind: 'verified', record, type, action } : { kind: 'invalid' };
}
