// What happens to subscriptions after checkout: the API's updates and cancellations, and the
// changes Stripe makes on its own as time passes (trial end, renewal, failed and recovered
// payments, the end of a period). Each updates the stored subscription and emits Stripe's events.

import { invoiceObject } from './billing-objects.ts';
import { seconds, type EventRequest, type Store } from './billing.ts';
import { checkParams, noSuch, parseBoolean, PeerApiError } from './errors.ts';
import { field, type Form } from './form.ts';
import { addInterval, type Invoice, type Subscription } from './objects.ts';

const UPDATE_PARAMS = ['cancel_at_period_end', 'metadata', 'cancellation_details', 'expand'];

/** The old values of the top-level fields that changed (Stripe's `previous_attributes`). */
function changedFields(before: Subscription, after: Subscription) {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
  }
  return previous;
}

function subscription(store: Store, id: string, ...statuses: Subscription['status'][]) {
  const found = store.subscriptions.get(id);
  if (!found) throw new Error(`No such subscription: ${id}`);
  if (statuses.length > 0 && !statuses.includes(found.status)) {
    throw new Error(`Subscription ${id} is ${found.status}, not ${statuses.join(' or ')}.`);
  }
  return found;
}

function updated(store: Store, sub: Subscription, before: Subscription, request?: EventRequest) {
  const previous = changedFields(before, sub);
  if (Object.keys(previous).length > 0) {
    store.emit('customer.subscription.updated', sub, previous, request);
  }
}

/** A new period from `start` on the subscription's item. */
function advance(sub: Subscription, start: number) {
  const item = sub.items.data[0];
  if (!item) return;
  const interval = (item.price.recurring as { interval?: 'month' } | undefined)?.interval;
  item.current_period_start = start;
  item.current_period_end = addInterval(start, interval);
}

function bill(store: Store, sub: Subscription, paid: boolean): Invoice {
  const item = sub.items.data[0];
  const amount = (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
  const email = store.customers.get(sub.customer)?.email ?? null;
  const invoice = invoiceObject(
    { subscription: sub, customerEmail: email, amount, paid, reason: 'subscription_cycle' },
    seconds(store),
  );
  store.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** Where the next period starts: the trial's end (or now, ending it early), else the period's. */
function nextStart(store: Store, sub: Subscription) {
  if (sub.status === 'trialing' && sub.trial_end !== null) {
    const start = Math.min(seconds(store), sub.trial_end);
    sub.trial_end = start;
    return start;
  }
  return sub.items.data[0]?.current_period_end ?? seconds(store);
}

/** The trial ends and the first real period is paid. */
export function endTrial(store: Store, id: string) {
  const sub = subscription(store, id, 'trialing');
  const before = structuredClone(sub);
  advance(sub, nextStart(store, sub));
  sub.status = 'active';
  store.emit('invoice.paid', bill(store, sub, true));
  updated(store, sub, before);
}

/** The next period is paid (an active subscription not set to cancel). */
export function renew(store: Store, id: string) {
  const sub = subscription(store, id, 'active');
  if (sub.cancel_at_period_end) throw new Error(`Subscription ${id} cancels at period end.`);
  const before = structuredClone(sub);
  advance(sub, nextStart(store, sub));
  store.emit('invoice.paid', bill(store, sub, true));
  updated(store, sub, before);
}

/** The renewal (or trial-end) charge fails: `past_due`; a later failure is another attempt. */
export function failPayment(store: Store, id: string) {
  const sub = subscription(store, id, 'trialing', 'active', 'past_due');
  if (sub.status === 'past_due') {
    const invoice = store.invoices.get(sub.latest_invoice ?? '');
    if (!invoice) throw new Error(`Subscription ${id} has no invoice.`);
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = invoice.attempt_count >= 4 ? null : seconds(store) + 5 * 86_400;
    store.emit('invoice.payment_failed', invoice);
    return;
  }
  const before = structuredClone(sub);
  advance(sub, nextStart(store, sub));
  sub.status = 'past_due';
  store.emit('invoice.payment_failed', bill(store, sub, false));
  updated(store, sub, before);
}

/** A retry of the open invoice succeeds: the subscription is `active` again. */
export function recoverPayment(store: Store, id: string) {
  const sub = subscription(store, id, 'past_due');
  const invoice = store.invoices.get(sub.latest_invoice ?? '');
  if (!invoice) throw new Error(`Subscription ${id} has no invoice.`);
  const before = structuredClone(sub);
  const now = seconds(store);
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempt_count: invoice.attempt_count + 1,
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as object), paid_at: now },
  });
  sub.status = 'active';
  store.emit('invoice.paid', invoice);
  updated(store, sub, before);
}

function end(
  store: Store,
  sub: Subscription,
  endedAt: number,
  reason: string,
  request?: EventRequest,
) {
  sub.status = 'canceled';
  sub.ended_at = endedAt;
  sub.canceled_at ??= endedAt;
  sub.cancellation_details = { ...sub.cancellation_details, reason };
  store.emit('customer.subscription.deleted', sub, undefined, request);
}

/** Retries are exhausted; Stripe's default then cancels the subscription. */
export function unpaid(store: Store, id: string) {
  const sub = subscription(store, id, 'past_due');
  end(store, sub, seconds(store), 'payment_failed');
}

/** The period ends: cancels when set to, else ends the trial or renews. */
export function endPeriod(store: Store, id: string) {
  const sub = subscription(store, id, 'trialing', 'active');
  if (sub.cancel_at_period_end) {
    const periodEnd = sub.items.data[0]?.current_period_end ?? seconds(store);
    end(store, sub, periodEnd, sub.cancellation_details.reason ?? 'cancellation_requested');
  } else if (sub.status === 'trialing') endTrial(store, id);
  else renew(store, id);
}

function apiSubscription(store: Store, id: string) {
  const sub = store.subscriptions.get(id);
  if (!sub) throw noSuch('subscription', id);
  return sub;
}

function setMetadata(sub: Subscription, metadata: Form[string] | undefined) {
  if (metadata === undefined) return;
  if (typeof metadata === 'string' || Array.isArray(metadata)) {
    sub.metadata = {};
    return;
  }
  // An empty value removes the key.
  const merged = { ...sub.metadata, ...metadata };
  sub.metadata = Object.fromEntries(
    Object.entries(merged).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/** `POST /v1/subscriptions/:id`: `cancel_at_period_end` and `metadata`. */
export function update(store: Store, id: string, form: Form, request: EventRequest) {
  checkParams(form, UPDATE_PARAMS);
  const sub = apiSubscription(store, id);
  const flag = field(form, 'cancel_at_period_end');
  if (sub.status === 'canceled' && flag !== undefined) {
    throw new PeerApiError(400, {
      type: 'invalid_request_error',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  }
  const before = structuredClone(sub);
  if (flag !== undefined) {
    const cancel = parseBoolean('cancel_at_period_end', flag);
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? (sub.items.data[0]?.current_period_end ?? null) : null;
    sub.canceled_at = cancel ? seconds(store) : null;
    sub.cancellation_details = {
      ...sub.cancellation_details,
      reason: cancel ? 'cancellation_requested' : null,
    };
  }
  setMetadata(sub, form.metadata);
  updated(store, sub, before, request);
  return sub;
}

/** `DELETE /v1/subscriptions/:id`: canceled now. */
export function cancel(store: Store, id: string, request: EventRequest) {
  const sub = apiSubscription(store, id);
  if (sub.status === 'canceled') {
    throw new PeerApiError(400, {
      type: 'invalid_request_error',
      message: `This subscription has already been canceled: ${id}`,
    });
  }
  const now = seconds(store);
  sub.canceled_at = now;
  end(store, sub, now, 'cancellation_requested', request);
  return sub;
}
