import { z } from 'zod/mini';
import { SUPPORTED_LANGUAGES } from '../languages.ts';
import { TIERS } from '../entitlements.ts';

/**
 * A subscription's state in the words the app uses: in its trial, paid and running, its renewal
 * payment failed (premium still, for the grace days), running but cancelled at the period's end,
 * or over.
 */
export const SUBSCRIPTION_STATES = [
  'trial',
  'active',
  'payment_failed',
  'cancelling',
  'ended',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const isoDate = z.nullable(z.iso.datetime({ offset: true }));

export const SubscriptionSummarySchema = z.object({
  state: z.enum(SUBSCRIPTION_STATES),
  /** When the trial ends and the first payment is taken (trials only). */
  trialEndsAt: isoDate,
  /** The end of the period paid for: the next payment, or the end of a cancelled one. */
  currentPeriodEnd: isoDate,
  /** The last day of premium after a failed payment (payment_failed only). */
  graceEndsAt: isoDate,
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

const usage = z.object({
  used: z.int().check(z.minimum(0)),
  /** None: not limited (premium, or billing off). */
  limit: z.nullable(z.int().check(z.minimum(0))),
});

/** `GET /api/v1/billing`: the account's plan, its subscription and what it has used. */
export const BillingStatusSchema = z.object({
  tier: z.enum(TIERS),
  subscription: z.nullable(SubscriptionSummarySchema),
  /** One trial per account, ever: false once a subscription with a trial was made. */
  trialAvailable: z.boolean(),
  usage: z.object({ modelReplies: usage, savedConversations: usage }),
});
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** `POST /api/v1/billing/checkout`: the interface language picks the price and Checkout's locale. */
export const CheckoutRequestSchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** Where the browser goes next: Stripe's hosted Checkout or customer portal. */
export const RedirectSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type Redirect = z.infer<typeof RedirectSchema>;

/** `POST /api/v1/billing/portal`: the customer portal opens in this language and returns here. */
export const PortalRequestSchema = CheckoutRequestSchema;
