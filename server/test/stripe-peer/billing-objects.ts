import {
  list,
  newId,
  planObject,
  priceObject,
  type CheckoutSession,
  type Invoice,
  type PeerPrice,
  type Subscription,
  type SubscriptionItem,
} from './objects.ts';

export interface SessionFields {
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  price: PeerPrice;
  quantity: number;
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
}

/** The fields of a session the peer never changes. */
const SESSION_DEFAULTS = {
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  client_secret: null,
  custom_fields: [],
  custom_text: {
    after_submit: null,
    shipping_address: null,
    submit: null,
    terms_of_service_acceptance: null,
  },
  invoice: null,
  livemode: false,
  payment_intent: null,
  payment_link: null,
  setup_intent: null,
  submit_type: null,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
};

/** A `checkout.session` in subscription mode, open and unpaid, hosted at `<base>/c/pay/<id>`. */
export function sessionObject(fields: SessionFields, created: number, base: string) {
  const id = newId('cs_test_', 58);
  const total = fields.trialDays ? 0 : fields.price.unit_amount * fields.quantity;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    ...structuredClone(SESSION_DEFAULTS),
    cancel_url: fields.cancel_url,
    client_reference_id: fields.client_reference_id,
    created,
    currency: fields.price.currency,
    customer: fields.customer,
    customer_creation: fields.customer ? null : 'always',
    customer_details: null,
    customer_email: fields.customer_email,
    expires_at: created + 24 * 3600,
    locale: fields.locale,
    metadata: fields.metadata,
    mode: 'subscription',
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: fields.success_url,
    ui_mode: 'hosted',
    url: `${base}/c/pay/${id}`,
  };
  return session;
}

function itemObject(
  price: PeerPrice,
  quantity: number,
  subscription: string,
  period: { start: number; end: number },
  created: number,
): SubscriptionItem {
  const priceShape = priceObject(price, created);
  return {
    id: newId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    plan: planObject(priceShape),
    price: priceShape,
    quantity,
    subscription,
    tax_rates: [],
  };
}

export interface SubscriptionFields {
  customer: string;
  price: PeerPrice;
  quantity: number;
  metadata: Record<string, string>;
  period: { start: number; end: number };
  trial: { start: number; end: number } | null;
}

/** A new subscription: `trialing` with a trial, else `active`; one item with the price. */
export function subscriptionObject(fields: SubscriptionFields, created: number): Subscription {
  const id = newId('sub_');
  const item = itemObject(fields.price, fields.quantity, id, fields.period, created);
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.trial ? fields.trial.end : fields.period.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created,
    currency: fields.price.currency,
    customer: fields.customer,
    days_until_due: null,
    default_payment_method: 'pm_peercard',
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: list([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: fields.metadata,
    pause_collection: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: fields.trial ? 'trialing' : 'active',
    test_clock: null,
    trial_end: fields.trial?.end ?? null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: fields.trial?.start ?? null,
  };
}

export interface InvoiceFields {
  subscription: Subscription;
  customerEmail: string | null;
  amount: number;
  paid: boolean;
  reason: Invoice['billing_reason'];
}

function lineObject(fields: InvoiceFields, invoice: string) {
  const item = fields.subscription.items.data[0];
  return {
    id: newId('il_', 24),
    object: 'line_item',
    amount: fields.amount,
    currency: fields.subscription.currency,
    description: fields.amount === 0 ? 'Trial period' : `${item?.quantity ?? 1} × subscription`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: fields.subscription.id,
        subscription_item: item?.id ?? null,
      },
    },
    period: { start: item?.current_period_start, end: item?.current_period_end },
    pricing: {
      type: 'price_details',
      price_details: { price: item?.price.id, product: item?.price.product },
      unit_amount_decimal: String(item?.price.unit_amount ?? 0),
    },
    quantity: item?.quantity ?? 1,
    taxes: [],
  };
}

/** An invoice of the subscription's current period, paid or open after a failed attempt. */
export function invoiceObject(fields: InvoiceFields, created: number): Invoice {
  const id = newId('in_');
  const { subscription, amount, paid } = fields;
  return {
    id,
    object: 'invoice',
    account_country: 'CZ',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: amount === 0 ? 0 : 1,
    attempted: amount !== 0,
    billing_reason: fields.reason,
    collection_method: 'charge_automatically',
    created,
    currency: subscription.currency,
    customer: subscription.customer,
    customer_email: fields.customerEmail,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: list([lineObject(fields, id)], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : created + 3 * 86_400,
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
    },
    period_end: created,
    period_start: created,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: paid ? created : null,
      voided_at: null,
    },
    subtotal: amount,
    total: amount,
  };
}
