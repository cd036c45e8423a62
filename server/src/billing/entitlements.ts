import type { SubscriptionSummary } from '@partak/domain/api/billing';
import { PAYMENT_GRACE_DAYS, type Tier } from '@partak/domain/entitlements';
import type { BillingAccount } from './billing-accounts-repository.ts';

const DAY_MS = 24 * 3600 * 1000;

type Stored = Pick<
  BillingAccount,
  'status' | 'trialEnd' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'pastDueSince'
>;

/** The end of the days premium stays after a failed renewal payment. */
function graceEnd(account: Stored): Date | null {
  return account.pastDueSince
    ? new Date(account.pastDueSince.getTime() + PAYMENT_GRACE_DAYS * DAY_MS)
    : null;
}

/**
 * The one entitlement check: premium while the subscription runs (trial, paid, or cancelled but
 * not yet at its end), and for the grace days after a failed payment; free otherwise. A period
 * whose end has passed counts as over even before the provider's "deleted" event arrives.
 */
export function tierOf(account: Stored | undefined, now: Date): Tier {
  if (!account?.status) return 'free';
  const periodOver = account.currentPeriodEnd !== null && account.currentPeriodEnd <= now;
  switch (account.status) {
    case 'trialing':
    case 'active':
      return account.cancelAtPeriodEnd && periodOver ? 'free' : 'premium';
    case 'past_due': {
      const grace = graceEnd(account);
      return grace !== null && now < grace ? 'premium' : 'free';
    }
    default:
      return 'free';
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The subscription in the app's words, or none when the account never had one. */
export function summaryOf(account: Stored | undefined, now: Date): SubscriptionSummary | null {
  if (!account?.status) return null;
  const premium = tierOf(account, now) === 'premium';
  const state = !premium
    ? 'ended'
    : account.status === 'past_due'
      ? 'payment_failed'
      : account.cancelAtPeriodEnd
        ? 'cancelling'
        : account.status === 'trialing'
          ? 'trial'
          : 'active';
  return {
    state,
    trialEndsAt: account.status === 'trialing' ? iso(account.trialEnd) : null,
    currentPeriodEnd: iso(account.currentPeriodEnd),
    graceEndsAt: state === 'payment_failed' ? iso(graceEnd(account)) : null,
  };
}

/** Whether a subscription in this status runs at the provider (a checkout would make a second). */
export const runsWith = (status: string | null | undefined): boolean =>
  ['trialing', 'active', 'past_due'].includes(status ?? '');

/** Whether the account's subscription runs at the provider. */
export const isRunning = (account: Stored | undefined): boolean => runsWith(account?.status);

/** Whether it exists at the provider but gives nothing (unpaid, paused): ended before a new one. */
export function isStalled(account: Stored | undefined): boolean {
  return ['unpaid', 'paused'].includes(account?.status ?? '');
}
