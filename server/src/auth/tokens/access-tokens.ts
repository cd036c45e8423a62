import { sign } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { SIGNING_ALGORITHM, type PublicJwk, type SigningKey } from './signing-keys-repository.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The claims of an access token (GoTrue's tokens/service.go). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export type AccessTokenInput = Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>;

/** Signs an access token with the active key; the header names the key (`kid`). */
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function signAccessToken(
  claims: AccessTokenInput,
  key: SigningKey,
  options: { issuer: string; lifetimeSeconds: number; now?: Date },
): Promise<{ token: string; expiresAt: number }> {
  return signClaims(claims, key, options);
}

/** Signs any claims as access tokens are signed (an OpenID ID token, oauth-server/claims.ts). */
export function signClaims(
  claims: Record<string, unknown>,
  key: SigningKey,
  options: { issuer: string; lifetimeSeconds: number; now?: Date },
): { token: string; expiresAt: number } {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const expiresAt = issuedAt + options.lifetimeSeconds;
  const header = { alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' };
  const payload = { ...claims, iss: options.issuer, iat: issuedAt, exp: expiresAt };
  const input = `${base64url(header)}.${base64url(payload)}`;
  // ES256 as JWS defines it (RFC 7518 §3.4): SHA-256, the signature as r‖s, not DER. Signed with
  // node:crypto synchronously: jose's WebCrypto signing is an async job costing ~5× more CPU on
  // the refresh grant's hot path (ADR 013). Tokens are still verified by jose (and by clients).
  const signature = sign('sha256', Buffer.from(input), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  const token = `${input}.${signature.toString('base64url')}`;
  return { token, expiresAt };
}

/**
 * Verifies an access token against the published keys: signature (ES256 only; `alg: none` and
 * symmetric algorithms are refused), expiry and issuer. Throws on anything wrong.
 */
export async function verifyAccessToken(
  token: string,
  keys: PublicJwk[],
  issuer: string,
): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
    algorithms: [SIGNING_ALGORITHM],
    issuer,
  });
  return payload as AccessTokenClaims;
}
