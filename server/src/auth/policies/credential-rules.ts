import { AuthError } from '../http/auth-error.ts';
import { PASSWORD_MAX_LENGTH } from '../users/passwords.ts';

/**
 * GoTrue's address format (the checkmail package it uses): the characters RFC 5322 allows unquoted
 * before the @, and host-name labels after it. Quotes, colons and semicolons — and anything that
 * would need them — are refused, as GoTrue refuses them.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** An address must look like one; whether it exists only the mail can tell. */
export function requireEmailFormat(email: string): void {
  if (!EMAIL.test(email.trim())) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
}

/** At most 72 characters: the one rule even the admin API's new users follow (as in GoTrue). */
export function checkPasswordLength(password: string): void {
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`,
    );
  }
}

/** Password rules: at least the configured length (8 by default), at most 72 characters. */
export function checkPasswordStrength(password: string, minLength: number): void {
  checkPasswordLength(password);
  if (password.length < minLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${minLength} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}
