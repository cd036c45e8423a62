import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { BillingStatus } from '@partak/domain/api/billing';
import { DEFAULT_FREE_LIMITS, type FreeLimits } from '@partak/domain/entitlements';
import type { Config } from '../src/config/env.ts';
import { ROOMY_LIMITS, apiUser, type ApiUser } from './data-api.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { peerModel, startOpenAiPeer, type OpenAiPeer } from './openai-peer.ts';
import { startStripePeer, type StripePeer } from './stripe-peer.ts';

export const STRIPE_KEY = 'sk_test_partak';
export const WEBHOOK_SECRET = 'whsec_partak_test';
export const PRICES = [
  { id: 'price_czk', currency: 'czk', unit_amount: 59900 },
  { id: 'price_eur', currency: 'eur', unit_amount: 1999 },
  { id: 'price_usd', currency: 'usd', unit_amount: 1999 },
];

export const DAY_MS = 24 * 3600 * 1000;

/** The app's clock, which a test moves forward (trial ends, grace days, months). */
export function testClock(start = Date.now()) {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
    set: (ms: number) => {
      at = ms;
    },
  };
}

export function billingConfig(peerUrl: string, freeLimits: FreeLimits): Config['billing'] {
  return {
    stripe: {
      secretKey: STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: { CZK: 'price_czk', EUR: 'price_eur', USD: 'price_usd' },
      apiUrl: peerUrl,
    },
    freeLimits,
  };
}

export interface BillingFixture {
  t: TestApp;
  stripe: StripePeer;
  model: OpenAiPeer;
  clock: ReturnType<typeof testClock>;
  /** A new signed-in account. */
  user(label: string): Promise<ApiUser>;
  status(user: ApiUser): Promise<BillingStatus>;
  /** Checkout through the peer's "Pay", then waits for its webhooks to be applied. */
  subscribe(user: ApiUser): Promise<BillingStatus>;
  subscriptionOf(user: ApiUser): Promise<string>;
}

/**
 * The app with billing on, listening on loopback so the Stripe peer can post its signed events to
 * the webhook, with an AI model behind the mentor (another peer) and a clock the test moves.
 */
export function useBillingApp(freeLimits: FreeLimits = DEFAULT_FREE_LIMITS): BillingFixture {
  const fixture = {} as BillingFixture;
  beforeAll(async () => {
    fixture.clock = testClock();
    fixture.stripe = await startStripePeer({
      secretKey: STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
    });
    fixture.model = await startOpenAiPeer();
    fixture.t = await buildTestApp(
      {
        rateLimits: { ...ROOMY_LIMITS, chat: { max: 1000, windowSeconds: 600 } },
        billing: billingConfig(fixture.stripe.url, freeLimits),
        mentor: { model: peerModel(fixture.model.url) },
      },
      undefined,
      { now: fixture.clock.now },
    );
    await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = fixture.t.app.server.address() as AddressInfo;
    fixture.stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/billing/webhook`);
    fixture.user = (label) => apiUser(fixture.t, label);
    fixture.status = async (user) => (await user.call('GET', '/billing')).json<BillingStatus>();
    fixture.subscriptionOf = async (user) => {
      const found = [...fixture.stripe.subscriptions.values()].find(
        (subscription) => subscription.metadata.user_id === user.id,
      );
      if (!found) throw new Error(`no subscription for ${user.email}`);
      return found.id;
    };
    fixture.subscribe = async (user) => {
      const checkout = await user.call('POST', '/billing/checkout', { language: 'cs' });
      if (checkout.statusCode !== 200) throw new Error(`checkout answered ${checkout.body}`);
      const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').pop();
      fixture.stripe.pay(sessionId ?? '');
      await fixture.stripe.settled();
      return fixture.status(user);
    };
  });
  afterAll(async () => {
    await fixture.t.close();
    await fixture.stripe.close();
    await fixture.model.close();
  });
  return fixture;
}
