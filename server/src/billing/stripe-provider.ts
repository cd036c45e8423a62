import Stripe from 'stripe';
import type { StripeConfig } from '../config/billing-env.ts';
import {
  WebhookSignatureError,
  type BillingProvider,
  type CheckoutRequest,
  type EventSubject,
  type ProviderEvent,
  type ProviderSubscription,
} from './provider.ts';

/** Stripe's default tolerance: a signature older than five minutes is a replay, not a delivery. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const seconds = (value: number | null | undefined) =>
  typeof value === 'number' ? new Date(value * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Since API version 2025-03-31 the period lives on the subscription's items. */
function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: subscription.metadata?.user_id || undefined,
    status: subscription.status,
    trialEnd: seconds(subscription.trial_end),
    currentPeriodEnd: seconds(periodEnds.length > 0 ? Math.max(...periodEnds) : null),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Reads a string at a path of an unknown JSON value (events of any shape, old or new). */
function stringAt(value: unknown, ...path: string[]): string | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  if (typeof current === 'string' && current) return current;
  if (typeof current === 'object' && current !== null) return stringAt(current, 'id');
  return undefined;
}

const eventOf = (event: Stripe.Event): ProviderEvent => ({
  id: event.id,
  type: event.type,
  created: new Date(event.created * 1000),
  payload: event,
});

function isSubscription(value: unknown): value is Stripe.Subscription {
  const object = value as { object?: unknown; items?: { data?: unknown } } | null;
  return object?.object === 'subscription' && Array.isArray(object.items?.data);
}

/** The provider interface over the official SDK. Nothing about a card passes through here. */
export function stripeProvider(config: StripeConfig): BillingProvider {
  const address = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...(address && {
      host: address.hostname,
      port: Number(address.port) || (address.protocol === 'https:' ? 443 : 80),
      protocol: address.protocol === 'https:' ? 'https' : 'http',
    }),
    timeout: 10_000,
    maxNetworkRetries: 1,
    // Sent in the User-Agent header, which must be ASCII.
    appInfo: { name: 'Partak' },
  });

  return {
    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { email, metadata: { user_id: userId } },
        // Two taps at once make one customer, not two.
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async createCheckout(request: CheckoutRequest) {
      const price = config.prices[request.currency] ?? config.prices.CZK;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.userId,
        line_items: [{ price, quantity: 1 }],
        subscription_data: {
          metadata: { user_id: request.userId },
          ...(request.trialDays !== undefined && { trial_period_days: request.trialDays }),
        },
        metadata: { user_id: request.userId },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // cs, en, de and es are all locales Stripe's pages speak.
        locale: request.language,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async createPortal({ customerId, returnUrl, language }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: language,
      });
      return session.url;
    },

    async retrieveSubscription(id) {
      try {
        return subscriptionOf(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return undefined;
        }
        throw error;
      }
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return subscriptionOf(
        await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
      );
    },

    async cancelNow(id) {
      await stripe.subscriptions.cancel(id);
    },

    readEvent(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        // The signature is an HMAC of the exact bytes Stripe sent with our endpoint's secret:
        // anyone else could post JSON here, so nothing is read before it checks out.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          config.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError('The webhook signature does not check out', {
          cause: error,
        });
      }
      return eventOf(event);
    },

    storedEvent(payload) {
      return eventOf(payload as Stripe.Event);
    },

    subjectOf(event): EventSubject {
      const object = (event.payload as { data?: { object?: unknown } }).data?.object;
      const snapshot = isSubscription(object) ? subscriptionOf(object) : undefined;
      const subscriptionId =
        snapshot?.id ??
        stringAt(object, 'subscription') ??
        stringAt(object, 'parent', 'subscription_details', 'subscription');
      return {
        subscriptionId,
        customerId: stringAt(object, 'customer'),
        userId:
          snapshot?.userId ??
          stringAt(object, 'client_reference_id') ??
          stringAt(object, 'metadata', 'user_id') ??
          stringAt(object, 'parent', 'subscription_details', 'metadata', 'user_id'),
        snapshot,
      };
    },
  };
}
