import type { TFunction } from 'i18next';
import { isErrorCode } from '@partak/domain/error-codes';

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The error code of anything the app can fail with: an `ApiError` of our data API
 * (api-client.ts, `network` when the request never reached the server), an auth-js error
 * (`code`, or `details.code` for an error in a redirect URL), an OAuth start answer, an email
 * link's error in the URL fragment. Undefined when nothing says.
 */
export function errorCodeOf(error: unknown): string | undefined {
  const name = field(error, 'name');
  const status = field(error, 'status');
  if (name === 'AuthRetryableFetchError') return status === 0 ? 'network' : 'unavailable';
  if (name === 'AuthSessionMissingError') return 'session_not_found';
  // auth-js's WebAuthnError: the browser's own refusal (cancelled, no authenticator, timed out).
  if (field(error, '__isWebAuthnError') === true) return 'passkey_failed';
  // GoTrue's answer when its mail server refused or could not be reached.
  if (/^Error sending .*(email|link)$/.test(text(field(error, 'message')) ?? '')) {
    return 'email_send_failed';
  }
  return (
    text(field(field(error, 'details'), 'code')) ??
    text(field(error, 'errorCode')) ??
    text(field(error, 'code'))
  );
}

/** What to tell the user about a failure, in their language wherever the code is known. */
export function errorMessage(error: unknown, t: TFunction<'errors'>): string {
  const code = errorCodeOf(error);
  if (isErrorCode(code)) return t(code);
  // auth-js's AuthUnknownError carries a parser's message, not the server's.
  if (field(error, 'name') === 'AuthUnknownError') return t('unexpected_failure');
  return text(field(error, 'message')) ?? t('unexpected_failure');
}
