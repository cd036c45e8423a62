import { AuthError } from '../http/auth-error.ts';
import { requireEmailFormat } from '../policies/credential-rules.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { normalizeEmail } from '../users/users-repository.ts';

/** GoTrue's `validateEmail`: present, at most 255 characters, well formed; lower-cased. */
export function validEmail(email: string | undefined): string {
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255)
    throw new AuthError(400, 'validation_failed', 'An email address is too long');
  requireEmailFormat(email);
  return normalizeEmail(email);
}

/** GoTrue's `validatePhone`: E.164 digits, stored without the plus (as GoTrue stores them). */
export function validPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return digits;
}

/** A user id from the path: anything but a UUID is GoTrue's 404 before any lookup. */
export function userIdParam(value: unknown): string {
  if (!isUuid(value)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  return value.toLowerCase();
}

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
