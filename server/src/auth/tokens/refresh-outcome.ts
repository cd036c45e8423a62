import { AuthError } from '../http/auth-error.ts';
import { isBanned } from '../users/users-repository.ts';
import type { ClientMismatch, RefreshResult } from './refresh-rotation.ts';

type Refreshed = Exclude<RefreshResult, ClientMismatch>;
type Rotated = Extract<Refreshed, { kind: 'rotated' | 'reused' }>;

/** A refresh token that rotated nothing, refused as GoTrue refuses it (at /token and /oauth/token). */
const REFRESH_FAILURES = {
  not_found: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  already_used: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  session_not_found: () => new AuthError(400, 'session_not_found', 'Session not found'),
};

/**
 * A refresh past the client check (refreshSession, the caller answers `client_mismatch` its own
 * way): the rotated session with its user, or GoTrue's refusal — an unknown, reused or orphaned
 * token, a user gone or banned.
 */
export function refreshedSession(
  result: Refreshed,
): Rotated & { record: NonNullable<Rotated['record']> } {
  if (result.kind !== 'rotated' && result.kind !== 'reused') throw REFRESH_FAILURES[result.kind]();
  const { record } = result;
  if (!record) throw REFRESH_FAILURES.session_not_found();
  if (isBanned(record.user)) throw new AuthError(400, 'user_banned', 'User is banned');
  return { ...result, record };
}
