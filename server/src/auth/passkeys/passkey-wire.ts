import type { FastifyRequest } from 'fastify';
import type { Authenticated } from '../tokens/access-verifier.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
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

const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON');

/**
 * The JSON object a request sent (none: an empty one). Anything else — an array, a string — is
 * what GoTrue's decoder refuses as bad JSON.
 */
export function objectBody(request: FastifyRequest): Record<string, unknown> {
  const { body } = request;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badJson();
  return body as Record<string, unknown>;
}

/** A text field of the body: absent is '', any other type is bad JSON (as GoTrue decodes it). */
export function textField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badJson();
  return value;
}

/** `{challenge_id, credential}` of both verify steps, checked as GoTrue checks them. */
export function verifyBody(request: FastifyRequest): { challengeId: string; credential: unknown } {
  const body = objectBody(request);
  const challengeId = textField(body, 'challenge_id');
  if (!challengeId) throw new AuthError(400, 'validation_failed', 'challenge_id is required');
  if (body.credential === undefined)
    throw new AuthError(400, 'validation_failed', 'credential is required');
  return { challengeId, credential: body.credential };
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

/**
 * The browser's answer as JSON, shaped enough to verify (id, rawId, type and the response's
 * base64url fields); otherwise GoTrue's "Invalid credential response".
 */
export function credentialJson<T>(value: unknown, fields: readonly string[]): T {
  const invalid = () =>
    new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const { id, rawId, type, response } = value as Record<string, unknown>;
  const base64url = (text: unknown) => typeof text === 'string' && /^[\w-]+={0,2}$/.test(text);
  if (!base64url(id) || !base64url(rawId) || type !== 'public-key') throw invalid();
  if (typeof response !== 'object' || response === null) throw invalid();
  const parts = response as Record<string, unknown>;
  if (!fields.every((field) => base64url(parts[field]))) throw invalid();
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(parts.clientDataJSON as string, 'base64url').toString('utf8'),
    );
    if (typeof clientData !== 'object' || clientData === null) throw invalid();
  } catch {
    throw invalid();
  }
  return value as T;
}
