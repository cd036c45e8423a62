import { describe, expect, it } from 'vitest';
import { AuthError } from '../http/auth-error.ts';
import { checkSendFrequency } from './send-frequency.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms);

function refusal(run: () => void): AuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('checkSendFrequency', () => {
  it('lets a first send through, and one once the interval has passed', () => {
    expect(() => checkSendFrequency(null, 60, 'over_sms_send_rate_limit', NOW)).not.toThrow();
    expect(() => checkSendFrequency(undefined, 60, 'over_sms_send_rate_limit', NOW)).not.toThrow();
    expect(() =>
      checkSendFrequency(ago(60_000), 60, 'over_email_send_rate_limit', NOW),
    ).not.toThrow();
    expect(() =>
      checkSendFrequency(ago(61_000), 60, 'over_sms_send_rate_limit', NOW),
    ).not.toThrow();
  });

  it('refuses a send within the interval with 429, the given code and the seconds left, rounded up', () => {
    const error = refusal(() =>
      checkSendFrequency(ago(20_500), 60, 'over_email_send_rate_limit', NOW),
    );
    expect(error.status).toBe(429);
    expect(error.errorCode).toBe('over_email_send_rate_limit');
    expect(error.message).toBe(
      'For security purposes, you can only request this after 40 seconds.',
    );
    const sms = refusal(() => checkSendFrequency(ago(59_999), 60, 'over_sms_send_rate_limit', NOW));
    expect(sms.errorCode).toBe('over_sms_send_rate_limit');
    expect(sms.message).toBe('For security purposes, you can only request this after 1 seconds.');
    const now = refusal(() => checkSendFrequency(ago(0), 5, 'over_sms_send_rate_limit', NOW));
    expect(now.message).toBe('For security purposes, you can only request this after 5 seconds.');
  });
});
