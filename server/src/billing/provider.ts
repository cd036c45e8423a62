import type { Language } from '@partak/domain/languages';
import type { Plan } from '@partak/domain/plans';

/**
 * A subscription as the payment provider says it is now. `status` keeps the provider's word
 * (Stripe's trialing, active, past_due, unpaid, canceled, incomplete, incomplete_expired, paused);
 * entitlements.ts reads it.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The account it was bought for (set when checkout was made), if the provider kept it. */
  userId: string | undefined;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A webhook event, read after its signature was checked. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: Date;
  /** The whole event as sent, kept until it is processed. */
  payload: unknown;
}

/** What processing needs from an event: whose subscription it is about, and its snapshot. */
export interface EventSubject {
  subscriptionId: string | undefined;
  customerId: string | undefined;
  userId: string | undefined;
  /** The subscription as the event carries it (subscription events only). */
  snapshot: ProviderSubscription | undefined;
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  currency: Plan['currency'];
  /** Undefined: no trial (the account had one already). */
  trialDays: number | undefined;
  successUrl: string;
  cancelUrl: string;
  language: Language;
}

/** The signature was missing, wrong or too old: the request did not come from the provider. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The one interface the routes and the billing service use: Stripe today (stripe-provider.ts);
 * a Czech gateway (Comgate, GoPay) would be another implementation of it, with no route changed.
 * Every method may throw when the provider cannot be reached; the service turns that into a 503.
 */
export interface BillingProvider {
  createCustomer(account: { userId: string; email: string | undefined }): Promise<string>;
  /** The hosted checkout's address for a subscription with the plan's price. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The hosted page where the customer changes the card and downloads invoices. */
  createPortal(request: {
    customerId: string;
    returnUrl: string;
    language: Language;
  }): Promise<string>;
  /** Undefined when the provider knows no such subscription. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends it at once (the account is being deleted). */
  cancelNow(id: string): Promise<void>;
  /** Checks the signature over the raw body and reads the event; WebhookSignatureError if bad. */
  readEvent(rawBody: string, signature: string | undefined): ProviderEvent;
  /** An event stored earlier (already checked when it arrived), read again to retry it. */
  storedEvent(payload: unknown): ProviderEvent;
  /** Which subscription an event is about, from the provider's event shapes. */
  subjectOf(event: ProviderEvent): EventSubject;
}
