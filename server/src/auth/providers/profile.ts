import type { OAuthProviderName } from './providers.ts';

/** Who the provider says signed in, from its ID token (and Apple's `user` form field). */
export interface ProviderProfile {
  /** The user's id at the provider. */
  sub: string;
  email: string | undefined;
  /** Whether the provider vouches for the address; only then is it trusted for linking. */
  emailVerified: boolean;
  /** Kept as the identity's `identity_data` and merged into `user_metadata` (Supabase's keys). */
  data: Record<string, unknown>;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Apple sends `email_verified` as the string "true"; Google as a boolean. */
const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * Apple sends the user's name once, on the first sign-in, as JSON in the `user` form field:
 * `{"name":{"firstName":…,"lastName":…},"email":…}`. Anything unreadable is no name.
 */
function appleName(userField: string | undefined): string | undefined {
  if (!userField) return undefined;
  try {
    const parsed = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [text(parsed.name?.firstName), text(parsed.name?.lastName)].filter(Boolean);
    return parts.length ? parts.join(' ') : undefined;
  } catch {
    return undefined;
  }
}

/** Drops keys whose value is undefined. */
const compact = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * The profile in Supabase's shape (GoTrue's identity.go): `identity_data` and `user_metadata`
 * carry iss, sub, provider_id, email, email_verified, phone_verified, name, full_name, and for a
 * picture both avatar_url and picture.
 */
export function profileFrom(
  provider: OAuthProviderName,
  claims: Record<string, unknown>,
  userField?: string,
): ProviderProfile {
  const sub = text(claims.sub) ?? '';
  const email = text(claims.email)?.toLowerCase();
  const emailVerified = email !== undefined && isTrue(claims.email_verified);
  const name =
    provider === 'apple' ? (appleName(userField) ?? text(claims.name)) : text(claims.name);
  const picture = text(claims.picture);
  return {
    sub,
    email,
    emailVerified,
    data: compact({
      iss: text(claims.iss),
      sub,
      provider_id: sub,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      name,
      full_name: name,
      avatar_url: picture,
      picture,
    }),
  };
}
