import type { TFunction } from 'i18next';

/**
 * Auth server error codes the dictionaries translate (`errors:auth.<code>`). Any other code shows
 * the server's own message, which is better than nothing.
 */
export const TRANSLATED_AUTH_ERRORS = [
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'email_exists',
  'weak_password',
  'same_password',
  'validation_failed',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'otp_expired',
  'provider_disabled',
  /** Google or Apple: consent refused at the provider (from the URL after the sign-in). */
  'access_denied',
  'provider_email_needs_verification',
  'bad_oauth_state',
  'bad_oauth_callback',
  'session_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'flow_state_not_found',
  'flow_state_expired',
  'email_address_invalid',
  'signup_disabled',
  'email_provider_disabled',
  'user_banned',
  // Second factors (MFA).
  'mfa_verification_failed',
  'mfa_challenge_expired',
  'mfa_factor_not_found',
  'mfa_ip_address_mismatch',
  'mfa_factor_name_conflict',
  'too_many_enrolled_mfa_factors',
  'mfa_verified_factor_exists',
  'insufficient_aal',
  'over_sms_send_rate_limit',
  /** Not a server code: a phone number the server refused (its `validation_failed`). */
  'invalid_phone',
  /** Not a server code: the browser or the authenticator did not make or give a passkey. */
  'passkey_failed',
  /** Not a server code: the request never reached the server. */
  'network',
  /** Not a server code: the server failed for now (5xx). */
  'unavailable',
] as const;

export type TranslatedAuthError = (typeof TRANSLATED_AUTH_ERRORS)[number];

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The error code of anything auth can fail with: auth-js errors (`code`, or `details.code` for an
 * error in a redirect URL), an OAuth start answer, an email link's error in the URL fragment.
 */
export function authErrorCode(error: unknown): string | undefined {
  const name = field(error, 'name');
  const status = field(error, 'status');
  if (name === 'AuthRetryableFetchError') return status === 0 ? 'network' : 'unavailable';
  if (name === 'AuthSessionMissingError') return 'session_not_found';
  // auth-js's WebAuthnError: the browser's own refusal (cancelled, no authenticator, timed out).
  if (field(error, '__isWebAuthnError') === true) return 'passkey_failed';
  return text(field(field(error, 'details'), 'code')) ?? text(field(error, 'code'));
}

const isTranslated = (code: string | undefined): code is TranslatedAuthError =>
  (TRANSLATED_AUTH_ERRORS as readonly (string | undefined)[]).includes(code);

/** What to tell the user about an auth failure, in their language where we know the code. */
export function authErrorMessage(error: unknown, t: TFunction<'errors'>): string {
  const code = authErrorCode(error);
  if (isTranslated(code)) return t(`auth.${code}`);
  // auth-js's AuthUnknownError carries a parser's message, not the server's.
  if (field(error, 'name') === 'AuthUnknownError') return t('unexpected');
  return text(field(error, 'message')) ?? t('unexpected');
}
