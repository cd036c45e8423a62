import type { BillingStatus } from '@partak/domain/api/billing';
import { TRIAL_DAYS, PLANS } from '@partak/domain/plans';
import type { FreeLimits } from '@partak/domain/entitlements';
import type { Language } from '@partak/domain/languages';
import { href } from '@partak/domain/routes';
import type { BillingConfig } from '../config/billing-env.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  readBillingAccount,
  saveCustomer,
  saveSubscription,
  type BillingAccount,
} from './billing-accounts-repository.ts';
import { isRunning, isStalled, summaryOf, tierOf } from './entitlements.ts';
import type { BillingProvider } from './provider.ts';
import { usageLimits, type UsageLimits } from './usage-limits.ts';
import { receiveWebhook, startWebhookRetries, type WebhookDeps } from './webhook-processing.ts';

export interface BillingAccountHolder {
  id: string;
  email: string | undefined;
}

/**
 * Selling the subscription and what each plan gets (docs/decisions/025-billing.md). The routes call this and
 * nothing else; the provider sits behind its interface (provider.ts).
 */
export interface Billing {
  /** Off: no provider configured; billing routes answer `billing_disabled`, nothing is limited. */
  readonly enabled: boolean;
  readonly limits: UsageLimits;
  readonly freeLimits: FreeLimits;
  status(userId: string): Promise<BillingStatus>;
  checkout(holder: BillingAccountHolder, language: Language): Promise<string>;
  portal(userId: string, language: Language): Promise<string>;
  setCancelled(userId: string, cancel: boolean): Promise<BillingStatus>;
  receiveWebhook(rawBody: string, signature: string | undefined): Promise<void>;
  /** Ends the subscription at once, before the account is erased; a provider failure refuses it. */
  endForErasure(userId: string): Promise<void>;
  /** The subscription's state for the account export (no card data is ever here). */
  exportOf(userId: string): Promise<unknown>;
  stop(): void;
}

const unavailable = (cause: unknown) =>
  new HttpError(503, 'billing_unavailable', 'The payment provider is not answering', {
    cause,
    headers: { 'retry-after': '30' },
  });

/** Calls the provider; its failure is a 503 the app translates, never a 500. */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(error);
  }
}

export function createBilling(
  config: BillingConfig,
  deps: {
    db: Db;
    provider: BillingProvider | undefined;
    siteUrl: string;
    log: WebhookDeps['log'];
    now: () => Date;
  },
): Billing {
  const { db, provider, now } = deps;
  const limits = usageLimits(db, config.freeLimits, provider ? tierFor : undefined, now);
  const webhooks: WebhookDeps | undefined = provider && { db, provider, log: deps.log, now };
  const retries = webhooks && startWebhookRetries(webhooks);
  const back = `${deps.siteUrl}${href('subscription')}`;

  async function tierFor(userId: string) {
    return tierOf(await readBillingAccount(db, userId), now());
  }

  function use(): BillingProvider {
    if (!provider) throw new HttpError(404, 'billing_disabled', 'This server sells nothing');
    return provider;
  }

  async function withSubscription(
    userId: string,
  ): Promise<BillingAccount & { subscriptionId: string }> {
    const account = await readBillingAccount(db, userId);
    if (!account?.subscriptionId) {
      throw new HttpError(404, 'no_subscription', 'The account has no subscription');
    }
    return account as BillingAccount & { subscriptionId: string };
  }

  async function status(userId: string): Promise<BillingStatus> {
    use();
    const account = await readBillingAccount(db, userId);
    return {
      tier: tierOf(account, now()),
      subscription: summaryOf(account, now()),
      trialAvailable: !account?.trialUsed,
      usage: await limits.usage(userId),
    };
  }

  async function customerOf(holder: BillingAccountHolder, account: BillingAccount | undefined) {
    if (account?.customerId) return account.customerId;
    const customerId = await ask(() =>
      use().createCustomer({ userId: holder.id, email: holder.email }),
    );
    await saveCustomer(db, holder.id, customerId);
    return customerId;
  }

  return {
    enabled: provider !== undefined,
    limits,
    freeLimits: config.freeLimits,
    status,

    async checkout(holder, language) {
      const stripe = use();
      const account = await readBillingAccount(db, holder.id);
      if (isRunning(account)) {
        throw new HttpError(409, 'already_subscribed', 'The account already has a subscription');
      }
      if (isStalled(account) && account?.subscriptionId) {
        const stalled = account.subscriptionId;
        await ask(() => stripe.cancelNow(stalled));
      }
      const customerId = await customerOf(holder, account);
      return ask(() =>
        stripe.createCheckout({
          customerId,
          userId: holder.id,
          currency: PLANS[language].currency,
          trialDays: account?.trialUsed ? undefined : TRIAL_DAYS,
          successUrl: `${back}?checkout=done`,
          cancelUrl: `${back}?checkout=cancelled`,
          language,
        }),
      );
    },

    async portal(userId, language) {
      const stripe = use();
      const account = await readBillingAccount(db, userId);
      if (!account?.customerId) {
        throw new HttpError(404, 'no_subscription', 'The account has never bought anything');
      }
      const customerId = account.customerId;
      return ask(() => stripe.createPortal({ customerId, returnUrl: back, language }));
    },

    async setCancelled(userId, cancel) {
      const stripe = use();
      const account = await withSubscription(userId);
      if (!isRunning(account) || (account.status === 'past_due' && !cancel)) {
        throw new HttpError(404, 'no_subscription', 'The subscription no longer runs');
      }
      const changed = await ask(() => stripe.setCancelAtPeriodEnd(account.subscriptionId, cancel));
      await saveSubscription(db, userId, changed, now());
      return status(userId);
    },

    async receiveWebhook(rawBody, signature) {
      if (!webhooks) throw new HttpError(404, 'billing_disabled', 'This server sells nothing');
      await receiveWebhook(webhooks, rawBody, signature);
    },

    async endForErasure(userId) {
      if (!provider) return;
      const account = await readBillingAccount(db, userId);
      if (!account?.subscriptionId || !(isRunning(account) || isStalled(account))) return;
      const subscriptionId = account.subscriptionId;
      // Refused when the provider cannot be reached: an erased account must not go on paying.
      await ask(() => provider.cancelNow(subscriptionId));
    },

    async exportOf(userId) {
      if (!provider) return null;
      const { trialAvailable, ...current } = await status(userId);
      return { ...current, trialUsed: !trialAvailable };
    },

    stop: () => retries?.stop(),
  };
}
