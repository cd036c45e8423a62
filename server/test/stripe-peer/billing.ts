import { sessionObject, subscriptionObject, invoiceObject } from './billing-objects.ts';
import type { SessionFields } from './billing-objects.ts';
import { checkParams, invalidParam, missingParam, noSuch, PeerApiError } from './errors.ts';
import { field, stringMap, type Form, type FormValue } from './form.ts';
import {
  addInterval,
  customerObject,
  portalObject,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type PeerPrice,
  type PortalSession,
  type Subscription,
} from './objects.ts';

/** Who caused an event: an API request (its id and idempotency key) or Stripe itself (nulls). */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export type Emit = (
  type: string,
  object: object,
  previous?: Record<string, unknown>,
  request?: EventRequest,
) => void;

export interface StoreContext {
  prices: PeerPrice[];
  /** The peer's clock in milliseconds. */
  now: () => number;
  emit: Emit;
  base: () => string;
}

const CHECKOUT_PARAMS = [
  ...['mode', 'customer', 'customer_email', 'client_reference_id', 'line_items'],
  ...['subscription_data', 'metadata', 'success_url', 'cancel_url', 'locale', 'expand'],
  // Accepted and ignored: they change nothing the peer models.
  ...['allow_promotion_codes', 'billing_address_collection', 'automatic_tax', 'tax_id_collection'],
  ...['customer_update', 'payment_method_types', 'payment_method_collection', 'custom_text'],
  ...['consent_collection', 'ui_mode', 'currency', 'discounts', 'phone_number_collection'],
  ...['saved_payment_method_options', 'name_collection', 'expires_at', 'submit_type'],
];
const CUSTOMER_PARAMS = ['email', 'name', 'metadata', 'description', 'phone', 'expand'];
const PORTAL_PARAMS = ['customer', 'return_url', 'locale', 'configuration', 'expand'];

/** Everything the peer holds, by id, and what it needs to make more. */
export interface Store extends StoreContext {
  customers: Map<string, Customer>;
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  portalSessions: Map<string, PortalSession>;
  /** What each checkout session sells. */
  plans: Map<string, SessionFields>;
}

export function createStore(context: StoreContext): Store {
  return {
    ...context,
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    portalSessions: new Map(),
    plans: new Map(),
  };
}

/** The peer's clock in Unix seconds, as Stripe's timestamps are. */
export const seconds = (store: Store) => Math.floor(store.now() / 1000);

export function createCustomer(store: Store, form: Form) {
  checkParams(form, CUSTOMER_PARAMS);
  const fields = {
    email: field(form, 'email') ?? null,
    name: field(form, 'name') ?? null,
    metadata: stringMap(form.metadata),
  };
  const customer = customerObject(fields, seconds(store));
  store.customers.set(customer.id, customer);
  return customer;
}

function lineItem(store: Store, items: FormValue | undefined) {
  if (!Array.isArray(items) || items.length === 0) throw missingParam('line_items');
  if (items.length > 1) throw invalidParam('line_items', 'The Stripe peer sells one price.');
  const priceId = field(items, '0', 'price');
  if (!priceId) throw missingParam('line_items[0][price]');
  const price = store.prices.find((known) => known.id === priceId);
  if (!price) throw noSuch('price', priceId, 'line_items[0][price]', 400);
  const quantityText = field(items, '0', 'quantity');
  if (quantityText === undefined) throw missingParam('line_items[0][quantity]');
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw invalidParam('line_items[0][quantity]', `Invalid integer: ${quantityText}`);
  }
  return { price, quantity };
}

function trialDays(form: Form) {
  const text = field(form, 'subscription_data', 'trial_period_days');
  if (text === undefined) return null;
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > 730) {
    throw invalidParam(
      'subscription_data[trial_period_days]',
      'The trial period must be between 1 and 730 days.',
    );
  }
  return days;
}

function subscriptionMetadata(data: FormValue | undefined) {
  return data && typeof data === 'object' && !Array.isArray(data) ? stringMap(data.metadata) : {};
}

export function createCheckoutSession(store: Store, form: Form) {
  checkParams(form, CHECKOUT_PARAMS);
  const mode = field(form, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidParam('mode', 'The Stripe peer only has subscription mode.');
  }
  const customer = field(form, 'customer') ?? null;
  const customerEmail = field(form, 'customer_email') ?? null;
  if (customer && customerEmail) {
    throw new PeerApiError(400, {
      type: 'invalid_request_error',
      message: 'You may only specify one of these parameters: customer, customer_email.',
      param: 'customer_email',
    });
  }
  if (customer && !store.customers.has(customer))
    throw noSuch('customer', customer, 'customer', 400);
  const successUrl = field(form, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  const fields: SessionFields = {
    customer,
    customer_email: customerEmail,
    client_reference_id: field(form, 'client_reference_id') ?? null,
    success_url: successUrl,
    cancel_url: field(form, 'cancel_url') ?? null,
    locale: field(form, 'locale') ?? null,
    metadata: stringMap(form.metadata),
    ...lineItem(store, form.line_items),
    trialDays: trialDays(form),
    subscriptionMetadata: subscriptionMetadata(form.subscription_data),
  };
  const session = sessionObject(fields, seconds(store), store.base());
  store.sessions.set(session.id, session);
  store.plans.set(session.id, fields);
  return session;
}

export function createPortalSession(store: Store, form: Form) {
  checkParams(form, PORTAL_PARAMS);
  const customer = field(form, 'customer');
  if (!customer) throw missingParam('customer');
  if (!store.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
  const fields = {
    customer,
    return_url: field(form, 'return_url') ?? null,
    locale: field(form, 'locale') ?? null,
  };
  const portal = portalObject(fields, seconds(store), store.base());
  store.portalSessions.set(portal.id, portal);
  return portal;
}

/** The open session and what it sells, or an error naming why it cannot be paid. */
function openSession(store: Store, id: string) {
  const session = store.sessions.get(id);
  const plan = store.plans.get(id);
  if (!session || !plan) throw new Error(`No such checkout session: ${id}`);
  if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}.`);
  return { session, plan };
}

/** Stripe collects an email on its page when the session names no customer. */
function payingCustomer(store: Store, session: CheckoutSession) {
  const existing = session.customer ? store.customers.get(session.customer) : undefined;
  if (existing) return existing;
  const email = session.customer_email ?? 'customer@example.com';
  return createCustomer(store, { email });
}

function startSubscription(store: Store, plan: SessionFields, customer: Customer) {
  const now = seconds(store);
  const trial = plan.trialDays ? { start: now, end: now + plan.trialDays * 86_400 } : null;
  const period = trial ?? { start: now, end: addInterval(now, plan.price.interval) };
  const subscription = subscriptionObject(
    {
      customer: customer.id,
      price: plan.price,
      quantity: plan.quantity,
      metadata: { ...plan.subscriptionMetadata },
      period,
      trial,
    },
    now,
  );
  const amount = trial ? 0 : plan.price.unit_amount * plan.quantity;
  const invoice = invoiceObject(
    {
      subscription,
      customerEmail: customer.email,
      amount,
      paid: true,
      reason: 'subscription_create',
    },
    now,
  );
  subscription.latest_invoice = invoice.id;
  store.subscriptions.set(subscription.id, subscription);
  store.invoices.set(invoice.id, invoice);
  return { subscription, invoice, trial };
}

/** The "Pay" button: subscribe, complete the session, emit; returns the success URL. */
export function pay(store: Store, sessionId: string): string {
  const { session, plan } = openSession(store, sessionId);
  const customer = payingCustomer(store, session);
  const { subscription, invoice, trial } = startSubscription(store, plan, customer);
  Object.assign(session, {
    status: 'complete',
    payment_status: trial ? 'no_payment_required' : 'paid',
    customer: customer.id,
    customer_details: {
      address: null,
      email: customer.email,
      name: customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    invoice: invoice.id,
    subscription: subscription.id,
    url: null,
  });
  store.emit('customer.subscription.created', subscription);
  store.emit('invoice.paid', invoice);
  store.emit('checkout.session.completed', session);
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** The "Decline card" button: nothing is created and nothing is emitted. */
export function decline(store: Store, sessionId: string) {
  openSession(store, sessionId);
}

/** Stripe lets an open session expire (after 24 hours, or when expired through the API). */
export function expire(store: Store, sessionId: string) {
  const { session } = openSession(store, sessionId);
  Object.assign(session, { status: 'expired', url: null });
  store.emit('checkout.session.expired', session);
}
