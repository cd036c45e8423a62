import { z } from 'zod/mini';
import { DEFAULT_FREE_LIMITS, type FreeLimits } from '@partak/domain/entitlements';
import { httpUrl, wholeNumber } from './env-fields.ts';

/** The subscription's price at Stripe in each plan currency (domain/src/plans.ts). */
export interface StripePrices {
  CZK: string;
  EUR: string | undefined;
  USD: string | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: StripePrices;
  /** Only for tests and self-hosted proxies: where the SDK sends its requests. */
  apiUrl: string | undefined;
}

/** Billing (ADR 024): Stripe when its keys are set; off otherwise, and then nothing is limited. */
export interface BillingConfig {
  stripe: StripeConfig | undefined;
  freeLimits: FreeLimits;
}

const stripeKey = (prefix: string, what: string) =>
  z.optional(
    z.string().check(z.regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `must be a Stripe ${what}`)),
  );

/** The environment variables behind BillingConfig, merged into the main schema in env.ts. */
export const billingEnvShape = {
  STRIPE_SECRET_KEY: stripeKey('(sk|rk)_(test|live)_', 'secret key (sk_test_…, sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: stripeKey('whsec_', 'webhook signing secret (whsec_…)'),
  STRIPE_PRICE_CZK: stripeKey('price_', 'price id (price_…)'),
  STRIPE_PRICE_EUR: stripeKey('price_', 'price id (price_…)'),
  STRIPE_PRICE_USD: stripeKey('price_', 'price id (price_…)'),
  STRIPE_API_URL: z.optional(httpUrl),
  FREE_MODEL_REPLIES: wholeNumber(0, 100_000, DEFAULT_FREE_LIMITS.modelReplies),
  FREE_SAVED_CONVERSATIONS: wholeNumber(0, 100_000, DEFAULT_FREE_LIMITS.savedConversations),
};

/** Keys and the signing secret are secrets: a bad value is named, never echoed. */
export const BILLING_SECRETS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

type BillingEnv = z.output<z.ZodMiniObject<typeof billingEnvShape>>;

/**
 * Billing is on only when the key, the webhook secret and the Czech price are all set: a half
 * configured server would take money it cannot account for, so it refuses to start instead.
 */
export function billingConfig(env: BillingEnv): { config: BillingConfig; problems: string[] } {
  const freeLimits = {
    modelReplies: env.FREE_MODEL_REPLIES,
    savedConversations: env.FREE_SAVED_CONVERSATIONS,
  };
  const parts = {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_CZK: env.STRIPE_PRICE_CZK,
  };
  const missing = Object.entries(parts).filter(([, value]) => value === undefined);
  const anySet =
    missing.length < Object.keys(parts).length || env.STRIPE_PRICE_EUR || env.STRIPE_PRICE_USD;
  if (missing.length > 0) {
    const problems = anySet
      ? missing.map(([name]) => `${name}: must be set too, to sell the subscription with Stripe`)
      : [];
    return { config: { stripe: undefined, freeLimits }, problems };
  }
  return {
    config: {
      stripe: {
        secretKey: parts.STRIPE_SECRET_KEY as string,
        webhookSecret: parts.STRIPE_WEBHOOK_SECRET as string,
        prices: {
          CZK: parts.STRIPE_PRICE_CZK as string,
          EUR: env.STRIPE_PRICE_EUR,
          USD: env.STRIPE_PRICE_USD,
        },
        apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, ''),
      },
      freeLimits,
    },
    problems: [],
  };
}
