import type { AuthContext } from '../auth-context.ts';
import { signClaims } from '../tokens/access-tokens.ts';
import type { UserRow } from '../users/serializers.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The `profile` scope's claims, read from the user's metadata as GoTrue reads them. */
function profileClaims(user: UserRow) {
  const meta = (user.userMetadata ?? {}) as Record<string, unknown>;
  const name = text(meta.name) ?? text(user.email);
  const picture = text(meta.picture) ?? text(meta.avatar_url);
  const username = text(meta.preferred_username) ?? text(meta.username);
  return {
    ...(name ? { name } : {}),
    ...(picture ? { picture } : {}),
    ...(username ? { preferred_username: username } : {}),
    updated_at: Math.floor(user.updatedAt.getTime() / 1000),
  };
}

/**
 * GET /oauth/userinfo's answer (OIDC Core §5.3): `sub`, and what the session's scopes allow —
 * `email`, `profile` (with the user's metadata), `phone`. A session not issued to a client has no
 * scopes, so it gets `sub` alone, as in GoTrue.
 */
export function userInfo(user: UserRow, scopes: string[]) {
  const info: Record<string, unknown> = { sub: user.id };
  if (scopes.includes('email')) {
    if (user.email) info.email = user.email;
    if (user.emailConfirmedAt) info.email_verified = true;
  }
  if (scopes.includes('profile')) {
    Object.assign(info, profileClaims(user));
    info.user_metadata = user.userMetadata ?? {};
  }
  if (scopes.includes('phone')) {
    if (user.phone) info.phone = user.phone;
    if (user.phoneConfirmedAt) info.phone_verified = true;
  }
  return info;
}

/**
 * An OpenID ID token for a client that asked for `openid` (GoTrue's GenerateIDToken): for the
 * client (`aud`), with the request's nonce and the scopes' claims, valid an hour, signed with the
 * key that signs access tokens (so our JWKS verifies it).
 */
export async function idToken(
  context: AuthContext,
  input: { user: UserRow; clientId: string; nonce: string | null; scopes: string[] },
): Promise<string> {
  const { user, scopes } = input;
  const authTime = user.lastSignInAt ?? new Date();
  const claims: Record<string, unknown> = {
    sub: user.id,
    aud: input.clientId,
    auth_time: Math.floor(authTime.getTime() / 1000),
    client_id: input.clientId,
    ...(input.nonce ? { nonce: input.nonce } : {}),
    email_verified: false,
    phone_number_verified: false,
  };
  if (scopes.includes('email')) {
    if (user.email) claims.email = user.email;
    claims.email_verified = user.emailConfirmedAt !== null;
  }
  if (scopes.includes('phone')) {
    if (user.phone) claims.phone_number = user.phone;
    claims.phone_number_verified = user.phoneConfirmedAt !== null;
  }
  if (scopes.includes('profile')) Object.assign(claims, profileClaims(user));
  const key = await context.signingKey();
  return signClaims(claims, key, { issuer: context.issuer, lifetimeSeconds: 3600 }).token;
}
