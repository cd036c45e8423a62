import { randomBytes } from 'node:crypto';

/** A price the peer knows (recurring; monthly unless told). Amounts in the currency's minor unit. */
export interface PeerPrice {
  id: string;
  currency: string;
  unit_amount: number;
  interval?: 'day' | 'week' | 'month' | 'year';
  product?: string;
  nickname?: string;
}

/** Stripe's list envelope. */
export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

/** The fields the peer works with; every object also carries Stripe's other fields. */
export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  [field: string]: unknown;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: Record<string, unknown> & { id: string; unit_amount: number; currency: string };
  quantity: number;
  subscription: string;
  [field: string]: unknown;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: List<SubscriptionItem>;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  latest_invoice: string | null;
  cancellation_details: { comment: null; feedback: null; reason: string | null };
  [field: string]: unknown;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  [field: string]: unknown;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  [field: string]: unknown;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  [field: string]: unknown;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

export const API_VERSION = '2026-10-28.endive';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: the prefix and random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return prefix + [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Seconds `from` plus whole calendar intervals, clamped to the month's end as Stripe does. */
export function addInterval(from: number, interval: PeerPrice['interval'] = 'month'): number {
  if (interval === 'day') return from + 86_400;
  if (interval === 'week') return from + 7 * 86_400;
  const date = new Date(from * 1000);
  const months = interval === 'year' ? 12 : 1;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

export function list<T>(data: T[], url: string): List<T> {
  return { object: 'list', data, has_more: false, total_count: data.length, url };
}

export function priceObject(price: PeerPrice, created: number) {
  const interval = price.interval ?? 'month';
  return {
    id: price.id,
    object: 'price' as const,
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: price.nickname ?? null,
    product: price.product ?? 'prod_peer',
    recurring: {
      interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unit_amount,
    unit_amount_decimal: String(price.unit_amount),
  };
}

/** The legacy `plan` Stripe still puts beside `price` on subscription items. */
export function planObject(price: ReturnType<typeof priceObject>) {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function customerObject(
  fields: { email: string | null; name: string | null; metadata: Record<string, string> },
  created: number,
): Customer {
  const id = newId('cus_', 14);
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
    ...fields,
  };
}

export function portalObject(
  fields: { customer: string; return_url: string | null; locale: string | null },
  created: number,
  base: string,
): PortalSession {
  const id = newId('bps_');
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_peerdefault',
    created,
    customer_account: null,
    flow: null,
    livemode: false,
    on_behalf_of: null,
    url: `${base}/p/session/${id}`,
    ...fields,
  };
}
