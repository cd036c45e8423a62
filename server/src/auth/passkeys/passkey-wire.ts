import type { FastifyRequest } from 'fastify';
import type { Authenticated } from '../tokens/access-verifier.ts';
import type { AuthContext } from '../auth-context.ts';
import { z } from 'zod/mini';
import { AuthError } from '../http/auth-error.ts';
import { field, readBody, requestInput } from '../http/request-input.ts';
import type { PasskeyRow } from './passkeys-repository.ts';
import { firstPartyUser } from '../http/first-party.ts';

/** A passkey as GoTrue lists it: empty names and unused passkeys leave their field out. */
export function passkeyItem(row: PasskeyRow) {
  return {
    id: row.id,
    ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { last_used_at: row.lastUsedAt.toISOString() } : {}),
  };
}

/** The passkey routes' answer to a body of the wrong shape (GoTrue's, without Go's detail). */
export const passkeyBadJson = () =>
  new AuthError(400, 'bad_json', 'Could not parse request body as JSON');

/** `{challenge_id, credential}` of both verify steps (GoTrue's Passkey…VerifyParams). */
const verifyParams = requestInput(
  'PasskeyVerifyParams',
  z.object({ challenge_id: field.string, credential: field.raw }),
  { refuse: passkeyBadJson },
);

/** `{challenge_id, credential}` of both verify steps, checked as GoTrue checks them. */
export function verifyBody(request: FastifyRequest): { challengeId: string; credential: unknown } {
  const { challenge_id: challengeId, credential } = readBody(request, verifyParams);
  if (!challengeId) throw new AuthError(400, 'validation_failed', 'challenge_id is required');
  if (credential === undefined)
    throw new AuthError(400, 'validation_failed', 'credential is required');
  return { challengeId, credential };
}

/** Every passkey route answers 404 while passkeys are turned off (AUTH_PASSKEY_ENABLED). */
export function requireEnabled(context: AuthContext): void {
  if (!context.options.passkeyEnabled)
    throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
}

/** The signed-in caller; anonymous users may not add passkeys (GoTrue's requireNotAnonymous). */
export async function signedInUser(
  context: AuthContext,
  request: FastifyRequest,
  { anonymous }: { anonymous: boolean },
): Promise<Authenticated> {
  const who = await firstPartyUser(context, request);
  if (!anonymous && who.record.user.isAnonymous)
    throw new AuthError(
      403,
      'no_authorization',
      'Anonymous user not allowed to perform these actions',
    );
  return who;
}

/**
 * Adding or removing a way to sign in needs the strongest session the user can have: with a
 * verified second factor, an aal2 one — else whoever stole a password could plant a passkey that
 * then signs in without the second factor.
 */
export function requireManagementAal({ record, session }: Authenticated): void {
  const hasMfa = record.factors.some((factor) => factor.status === 'verified');
  if (hasMfa && session.aal !== 'aal2')
    throw new AuthError(
      403,
      'insufficient_aal',
      'AAL2 session is required to manage passkeys when MFA is enabled',
    );
}

const base64url = z.string().check(z.regex(/^[\w-]+={0,2}$/));

/** A credential's outline: base64url ids, `public-key`, and the response's base64url `fields`. */
const credentialShape = (fields: readonly string[]) =>
  z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object(Object.fromEntries(fields.map((name) => [name, base64url]))),
  });

/**
 * The browser's answer as JSON, shaped enough to verify (id, rawId, type and the response's
 * base64url fields); otherwise GoTrue's "Invalid credential response".
 */
export function credentialJson<T>(value: unknown, fields: readonly string[]): T {
  const invalid = () =>
    new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response');
  const parsed = credentialShape(fields).safeParse(value);
  if (!parsed.success) throw invalid();
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(String(parsed.data.response.clientDataJSON), 'base64url').toString('utf8'),
    );
    if (typeof clientData !== 'object' || clientData === null) throw invalid();
  } catch {
    throw invalid();
  }
  return value as T;
}
