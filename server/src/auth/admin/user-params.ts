import { AuthError } from '../http/auth-error.ts';
import { DurationError, parseGoDuration } from './ban-duration.ts';
import { readBody } from './params.ts';

/** GoTrue's AdminUserParams (POST /admin/users, PUT /admin/users/{id}). */
export function readUserParams(body: unknown) {
  return readBody('AdminUserParams', body, {
    id: 'string',
    email: 'string',
    phone: 'string',
    password: 'string',
    password_hash: 'string',
    email_confirm: 'bool',
    phone_confirm: 'bool',
    user_metadata: 'map',
    app_metadata: 'map',
    ban_duration: 'string',
  });
}

/**
 * `ban_duration`: unset when absent; "none" (or a zero duration) lifts a ban; otherwise a Go
 * duration from now ("24h", "1h30m"). A negative one sets `banned_until` in the past: no ban.
 */
export function bannedUntil(value: string | undefined, now = Date.now()): Date | null | undefined {
  if (!value) return undefined;
  if (value === 'none') return null;
  try {
    const milliseconds = parseGoDuration(value);
    return milliseconds === 0 ? null : new Date(now + milliseconds);
  } catch (error) {
    if (!(error instanceof DurationError)) throw error;
    throw new AuthError(
      400,
      'validation_failed',
      `invalid format for ban duration: ${error.message}`,
    );
  }
}

/**
 * A custom user id, read as Go's uuid.FromString reads one (hyphenated, braced, `urn:uuid:` or
 * 32 bare hex digits); the nil UUID is refused.
 */
export function customUserId(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let hex = value.toLowerCase();
  if (hex.startsWith('urn:uuid:')) hex = hex.slice(9);
  else if (hex.startsWith('{') && hex.endsWith('}')) hex = hex.slice(1, -1);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(hex)) {
    hex = hex.replaceAll('-', '');
  }
  if (!/^[0-9a-f]{32}$/.test(hex)) {
    throw new AuthError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
  }
  if (/^0+$/.test(hex)) throw new AuthError(400, 'validation_failed', 'ID cannot be a nil uuid');
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}

const ARGON2_HASH = /^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * `password_hash`: an imported user's existing hash, kept as it is. Only argon2 hashes (what our
 * own passwords are) can be checked at sign-in; GoTrue also reads bcrypt and Firebase scrypt.
 */
export function importedHash(value: string): string {
  if (!ARGON2_HASH.test(value)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Invalid password hash: only argon2 hashes are supported',
    );
  }
  return value;
}
