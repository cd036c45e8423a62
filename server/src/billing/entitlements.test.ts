import { describe, expect, it } from 'vitest';
import { summaryOf, tierOf } from './entitlements.ts';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-11-26T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const account = (status: string, extra: object = {}) => ({
  status,
  trialEnd: null,
  currentPeriodEnd: at(20),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  ...extra,
});

describe('the entitlement check', () => {
  it('is free without a subscription', () => {
    expect(tierOf(undefined, now)).toBe('free');
    expect(summaryOf(undefined, now)).toBeNull();
  });

  it('is premium in the trial, with the trial’s end in the summary', () => {
    const trial = account('trialing', { trialEnd: at(3), currentPeriodEnd: at(3) });
    expect(tierOf(trial, now)).toBe('premium');
    expect(summaryOf(trial, now)).toEqual({
      state: 'trial',
      trialEndsAt: at(3).toISOString(),
      currentPeriodEnd: at(3).toISOString(),
      graceEndsAt: null,
    });
  });

  it('is premium while paid, and until the end of a period cancelled at its end', () => {
    expect(summaryOf(account('active'), now)?.state).toBe('active');
    const cancelling = account('active', { cancelAtPeriodEnd: true });
    expect(tierOf(cancelling, now)).toBe('premium');
    expect(summaryOf(cancelling, now)?.state).toBe('cancelling');
    // The provider's "deleted" event may come late: past the period's end it is over anyway.
    expect(tierOf(cancelling, at(21))).toBe('free');
    expect(summaryOf(cancelling, at(21))?.state).toBe('ended');
  });

  it('keeps premium for three days after a failed payment, then not', () => {
    const failed = account('past_due', { pastDueSince: now });
    expect(summaryOf(failed, at(1))).toMatchObject({
      state: 'payment_failed',
      graceEndsAt: at(3).toISOString(),
    });
    expect(tierOf(failed, at(2.9))).toBe('premium');
    expect(tierOf(failed, at(3))).toBe('free');
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])(
    'is free when the provider says %s',
    (status) => {
      expect(tierOf(account(status), now)).toBe('free');
      expect(summaryOf(account(status), now)?.state).toBe('ended');
    },
  );
});
