import type { InferSelectModel } from 'drizzle-orm';
import type { identities, mfaFactors, users } from '../../db/schema/index.ts';

export type UserRow = InferSelectModel<typeof users>;
export type IdentityRow = InferSelectModel<typeof identities>;
export type FactorRow = InferSelectModel<typeof mfaFactors>;

export const AUDIENCE = 'authenticated';
export const ROLE = 'authenticated';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

/** Drops keys whose value is undefined: Supabase omits null timestamps (GoTrue's models). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * `app_metadata` with the `provider` and `providers` Supabase derives from the identities. An
 * anonymous user has no identity and, as in GoTrue, neither key.
 */
export function appMetadata(user: UserRow, userIdentities: IdentityRow[]): Record<string, unknown> {
  const providers = [...new Set(userIdentities.map((identity) => identity.provider))];
  if (user.isAnonymous && !providers.length) return { ...(user.appMetadata as object) };
  return {
    provider: providers[0] ?? 'email',
    providers: providers.length ? providers : ['email'],
    ...(user.appMetadata as Record<string, unknown>),
  };
}

/** The user object on the wire, snake_case, exactly as supabase-js reads it. */
export function serializeUser(
  user: UserRow,
  userIdentities: IdentityRow[],
  factors: FactorRow[] = [],
) {
  return compact({
    id: user.id,
    aud: AUDIENCE,
    role: ROLE,
    email: user.email ?? '',
    phone: user.phone ?? '',
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    confirmed_at: iso(user.emailConfirmedAt ?? user.phoneConfirmedAt),
    confirmation_sent_at: iso(user.confirmationSentAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    reauthentication_sent_at: iso(user.reauthenticationSentAt),
    new_phone: user.phoneChange ?? undefined,
    phone_change_sent_at: iso(user.phoneChangeSentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    banned_until: iso(user.bannedUntil),
    invited_at: iso(user.invitedAt),
    deleted_at: iso(user.deletedAt),
    app_metadata: appMetadata(user, userIdentities),
    user_metadata: user.userMetadata as Record<string, unknown>,
    identities: userIdentities.map((identity) =>
      compact({
        identity_id: identity.id,
        id: identity.providerId,
        user_id: identity.userId,
        identity_data: identity.identityData as Record<string, unknown>,
        provider: identity.provider,
        last_sign_in_at: iso(identity.lastSignInAt),
        created_at: identity.createdAt.toISOString(),
        updated_at: identity.updatedAt.toISOString(),
        email: identity.email ?? undefined,
      }),
    ),
    factors: factors.length ? factors.map(serializeFactor) : undefined,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: user.isAnonymous,
  });
}

export type WireUser = ReturnType<typeof serializeUser>;

/** A second factor on the wire (in `user.factors`, and the admin API's factor list). */
export function serializeFactor(factor: FactorRow) {
  return compact({
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    last_challenged_at: iso(factor.lastChallengedAt) ?? null,
    phone: factor.phone ?? '',
  });
}
