import { importPKCS8, SignJWT } from 'jose';
import type { AppleKey } from '../../config/providers-env.ts';

/** How long a made client secret is valid (Apple allows up to six months). */
export const APPLE_SECRET_LIFETIME_SECONDS = 7 * 24 * 3600;

/**
 * Apple's client secret is not a fixed string but a short-lived ES256 JWT signed with the Sign in
 * with Apple key: issued by the team, about the client id, for Apple. Making it here means the
 * operator configures the key once instead of pasting a new secret every few months; the key never
 * leaves the server, only the JWT goes to Apple's token endpoint.
 */
export async function appleClientSecret(
  key: AppleKey,
  clientId: string,
  audience: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const privateKey = await importPKCS8(key.privateKey, 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(clientId)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + APPLE_SECRET_LIFETIME_SECONDS)
    .sign(privateKey);
}
