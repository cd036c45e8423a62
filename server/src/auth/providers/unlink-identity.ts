import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identities, oneTimeTokens, users } from '../../db/schema/index.ts';
import { AuthError } from '../http/auth-error.ts';
import type { IdentityRow, UserRow } from '../users/serializers.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const isVerified = (identity: IdentityRow) => {
  const verified = (identity.identityData as Record<string, unknown>).email_verified;
  return verified === true || verified === 'true';
};

/** Verified addresses first, then unverified ones, then none; older first (GoTrue's order). */
function byPromotionRank(a: IdentityRow, b: IdentityRow): number {
  const rank = (identity: IdentityRow) => (!identity.email ? 2 : isVerified(identity) ? 0 : 1);
  return (
    rank(a) - rank(b) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The user's address once an identity is gone (GoTrue's `UpdateUserEmailFromIdentities`): kept
 * while a remaining identity has it; otherwise the best remaining identity's that no other account
 * uses. A new address drops every pending link (they were sent to the old one), and stays
 * confirmed only if its provider verified it or sign-up confirms by itself.
 */
async function addressAfter(
  tx: Tx,
  user: UserRow,
  remaining: IdentityRow[],
  autoconfirm: boolean,
): Promise<Partial<UserRow>> {
  if (remaining.some((identity) => (identity.email ?? '') === (user.email ?? ''))) return {};
  for (const identity of [...remaining].sort(byPromotionRank)) {
    if (identity.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, identity.email), ne(users.id, user.id)));
      if (taken) continue;
    }
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    const confirmed = Boolean(identity.email) && (isVerified(identity) || autoconfirm);
    return {
      email: identity.email,
      emailChange: null,
      emailChangeSentAt: null,
      ...(confirmed
        ? {}
        : {
            emailConfirmedAt: null,
            userMetadata: { ...(user.userMetadata as object), email_verified: false },
          }),
    };
  }
  throw new AuthError(
    422,
    'email_conflict_identity_not_deletable',
    'Unable to unlink identity due to email conflict',
  );
}

/**
 * DELETE /user/identities/{id}: removes one of the user's identities (GoTrue's `DeleteIdentity`).
 * The user row is locked first, so two unlinks at once cannot between them remove the last way
 * in; the rules are checked on what the lock shows. `app_metadata.providers` follows the
 * identities left, `provider` being the oldest of them. Returns the removed identity.
 */
export async function unlinkIdentity(
  db: Db,
  userId: string,
  identityId: string,
  autoconfirm: boolean,
): Promise<IdentityRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    const owned = await tx
      .select()
      .from(identities)
      .where(eq(identities.userId, userId))
      .orderBy(asc(identities.createdAt), asc(identities.id));
    if (owned.length <= 1) {
      throw new AuthError(
        422,
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    }
    const identity = owned.find((candidate) => candidate.id === identityId.toLowerCase());
    if (!identity) throw new AuthError(422, 'identity_not_found', "Identity doesn't exist");
    await tx.delete(identities).where(eq(identities.id, identity.id));

    const remaining = owned.filter((candidate) => candidate.id !== identity.id);
    const changes =
      identity.provider === 'phone'
        ? { phone: null, phoneConfirmedAt: null }
        : await addressAfter(tx, user, remaining, autoconfirm);
    const providers = [...new Set(remaining.map((candidate) => candidate.provider))];
    await tx
      .update(users)
      .set({
        ...changes,
        appMetadata: { ...(user.appMetadata as object), provider: providers[0], providers },
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return identity;
  });
}
