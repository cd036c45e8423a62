import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import type { UserRow } from '../users/serializers.ts';
import { findUserByEmail, isBanned, loadUser, type UserRecord } from '../users/users-repository.ts';
import { addIdentity, findIdentity } from './identities-repository.ts';
import type { ProviderProfile } from './profile.ts';
import type { OAuthProviderName } from './providers.ts';

/** The unique index a failed write ran into (the error, or one it wraps), if any. */
function violatedIndex(error: unknown, depth = 0): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  return depth < 5 && error instanceof Error ? violatedIndex(error.cause, depth + 1) : undefined;
}

const emailTaken = () =>
  new AuthError(400, 'email_exists', 'A user with this email address has already been registered');

const alreadyLinked = (toThisUser: boolean) =>
  new AuthError(
    422,
    'identity_already_exists',
    toThisUser ? 'Identity is already linked' : 'Identity is already linked to another user',
  );

/**
 * Adds the identity a provider vouched for to the signed-in user (GoTrue's `linkIdentityToUser`),
 * from the linking callback or `grant_type=id_token` with `link_identity`. An identity is one way
 * into one account: one that already belongs to anybody is refused, never moved. A user without
 * an address takes the identity's, unless another account has it.
 */
export async function linkIdentityToUser(
  context: AuthContext,
  request: FastifyRequest,
  target: UserRow,
  provider: OAuthProviderName,
  profile: ProviderProfile,
): Promise<void> {
  const { db } = context;
  if (!profile.sub) throw new AuthError(400, 'bad_oauth_callback', 'Missing subject in ID token');
  const existing = await findIdentity(db, provider, profile.sub);
  if (existing) throw alreadyLinked(existing.userId === target.id);
  if (target.email === null && profile.email && profile.emailVerified) {
    if (await findUserByEmail(db, profile.email)) throw emailTaken();
  }
  try {
    await addIdentity(db, target, provider, profile);
  } catch (error) {
    // Taken at the same moment elsewhere: the unique indexes have the last word.
    const index = violatedIndex(error);
    if (index === 'identities_provider_key') throw alreadyLinked(false);
    if (index === 'users_email_key') throw emailTaken();
    throw error;
  }
  await audit(db, request, target.id, 'identity_linked', { provider });
}

/**
 * The linking callback (GET /user/identities/authorize, then the provider): the user who started
 * it, with the identity added. They are then signed in afresh, as with GoTrue.
 */
export async function linkToFlowUser(
  context: AuthContext,
  request: FastifyRequest,
  userId: string,
  provider: OAuthProviderName,
  profile: ProviderProfile,
): Promise<UserRecord> {
  const before = await loadUser(context.db, userId);
  if (!before) throw new AuthError(422, 'user_not_found', 'Linking target user not found');
  if (isBanned(before.user)) throw new AuthError(403, 'user_banned', 'User is banned');
  await linkIdentityToUser(context, request, before.user, provider, profile);
  const after = await loadUser(context.db, userId);
  if (!after) throw new AuthError(404, 'user_not_found', 'User not found');
  return after;
}
