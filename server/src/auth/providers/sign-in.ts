import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, signupDisabled } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { findUserByEmail, isBanned, loadUser, type UserRecord } from '../users/users-repository.ts';
import {
  createOAuthUser,
  findIdentity,
  linkIdentity,
  refreshIdentity,
} from './identities-repository.ts';
import type { ProviderProfile } from './profile.ts';
import type { OAuthProviderName } from './providers.ts';

/**
 * The account a provider sign-in belongs to (Supabase's automatic linking): the one that already
 * has this provider identity; else the one with the same address, when the provider has verified
 * it; else a new one. An unverified address is refused before it can touch any account — it
 * would let whoever typed it at the provider into the account of whoever owns it here. While
 * AUTH_DISABLE_SIGNUP is on, a sign-in that would make a new account is refused (`signup_disabled`,
 * sent back to the app as `access_denied`); existing users sign in as before.
 */
export async function accountFor(
  context: AuthContext,
  request: FastifyRequest,
  provider: OAuthProviderName,
  profile: ProviderProfile,
): Promise<UserRecord> {
  const { db } = context;
  if (!profile.sub) throw new AuthError(400, 'bad_oauth_callback', 'Missing subject in ID token');
  const identity = await findIdentity(db, provider, profile.sub);
  let userId: string;
  let signedUp = false;
  if (identity) {
    await refreshIdentity(db, identity, profile);
    userId = identity.userId;
  } else {
    if (!profile.email) {
      throw new AuthError(
        500,
        'unexpected_failure',
        'Error getting user email from external provider',
      );
    }
    // Only a verified address links to an account; anything else would make a new one, which
    // GoTrue refuses first while sign-ups are off (`createAccountFromExternalIdentity`).
    const existing = profile.emailVerified ? await findUserByEmail(db, profile.email) : undefined;
    if (!existing && context.options.disableSignup) throw signupDisabled();
    if (!profile.emailVerified) {
      throw new AuthError(
        403,
        'provider_email_needs_verification',
        `Unverified email with ${provider}. Verify the email with ${provider} and try again.`,
      );
    }
    if (existing) await linkIdentity(db, existing, provider, profile);
    else signedUp = true;
    userId = existing?.id ?? (await createOAuthUser(db, provider, profile)).id;
  }
  const record = await loadUser(db, userId);
  if (!record) throw new AuthError(500, 'unexpected_failure', 'User not found after sign-in');
  if (isBanned(record.user)) throw new AuthError(403, 'user_banned', 'User is banned');
  if (signedUp) await audit(db, request, userId, 'user_signedup', { provider });
  return record;
}
