import { AuthError } from '../http/auth-error.ts';

/** The limit a too-early send is refused under: mails and texts each have their own. */
export type SendFrequencyCode = 'over_email_send_rate_limit' | 'over_sms_send_rate_limit';

/**
 * One mail or text per user and purpose per interval (GoTrue's MAX_FREQUENCY
 * settings): refused with GoTrue's 429 and the whole seconds left to wait, rounded up. A send
 * never made (`lastSentAt` null) passes. The refusal does tell that the account exists, as
 * GoTrue's does; it keeps anyone from flooding one inbox or phone.
 */
export function checkSendFrequency(
  lastSentAt: Date | null | undefined,
  intervalSeconds: number,
  errorCode: SendFrequencyCode,
  now = Date.now(),
): void {
  if (!lastSentAt) return;
  const leftMs = intervalSeconds * 1000 - (now - lastSentAt.getTime());
  if (leftMs > 0) {
    throw new AuthError(
      429,
      errorCode,
      `For security purposes, you can only request this after ${Math.ceil(leftMs / 1000)} seconds.`,
    );
  }
}
