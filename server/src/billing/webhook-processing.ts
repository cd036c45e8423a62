import type { Db } from '../db/client.ts';
import { isForeignKeyViolation } from '../db/unique-violation.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  billingAccountOfCustomer,
  readBillingAccount,
  saveSubscription,
} from './billing-accounts-repository.ts';
import {
  markAttempted,
  markProcessed,
  storeEvent,
  unprocessedEvents,
} from './billing-events-repository.ts';
import { isRunning, runsWith } from './entitlements.ts';
import {
  WebhookSignatureError,
  type BillingProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './provider.ts';

/** The events that can change what an account gets; any other is stored and left alone. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const RETRY_EVERY_MS = 60_000;
const MAX_ATTEMPTS = 20;

export interface WebhookDeps {
  db: Db;
  provider: BillingProvider;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now: () => Date;
}

/**
 * The subscription the event is about, as the provider says it is now: events come late, twice
 * and out of order, so their own snapshot is only trusted when the provider cannot be asked (and
 * then only if newer than what is stored).
 */
async function latestState(deps: WebhookDeps, event: ProviderEvent, subscriptionId: string) {
  try {
    const latest = await deps.provider.retrieveSubscription(subscriptionId);
    return latest && { subscription: latest, at: deps.now() };
  } catch (error) {
    const { snapshot } = deps.provider.subjectOf(event);
    if (!snapshot) throw error;
    deps.log.warn(
      { event: event.id, err: error },
      'billing: provider unreachable, using the event',
    );
    return { subscription: snapshot, at: event.created };
  }
}

async function ownerOf(
  deps: WebhookDeps,
  event: ProviderEvent,
  subscription: ProviderSubscription,
) {
  const subject = deps.provider.subjectOf(event);
  const userId = subscription.userId ?? subject.userId;
  if (userId) return userId;
  const customerId = subscription.customerId || subject.customerId;
  return customerId ? (await billingAccountOfCustomer(deps.db, customerId))?.userId : undefined;
}

/** Applies one event; false when it must be tried again later (the provider did not answer). */
async function apply(deps: WebhookDeps, event: ProviderEvent): Promise<boolean> {
  if (!HANDLED.has(event.type)) return true;
  const { subscriptionId } = deps.provider.subjectOf(event);
  if (!subscriptionId) return true;
  const state = await latestState(deps, event, subscriptionId);
  if (!state) return true;
  const { subscription, at } = state;
  const userId = await ownerOf(deps, event, subscription);
  if (!userId) {
    deps.log.warn({ event: event.id }, 'billing: an event for a customer no account has');
    return true;
  }
  const current = await readBillingAccount(deps.db, userId);
  const another = current?.subscriptionId && current.subscriptionId !== subscription.id;
  if (another && isRunning(current) && runsWith(subscription.status)) {
    // Two checkouts finished for one account (two tabs): it keeps the first, the second ends now.
    await deps.provider.cancelNow(subscription.id);
    deps.log.warn({ event: event.id }, 'billing: a second subscription for one account, ended');
    return true;
  }
  // An old subscription's late news never replaces the one that runs now.
  if (another && !runsWith(subscription.status)) return true;
  try {
    await saveSubscription(deps.db, userId, subscription, at);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    // The account was deleted meanwhile: nothing of it is kept.
  }
  return true;
}

async function applyAndRecord(deps: WebhookDeps, event: ProviderEvent): Promise<void> {
  let done = false;
  try {
    done = await apply(deps, event);
  } catch (error) {
    deps.log.error({ event: event.id, err: error }, 'billing: an event could not be applied yet');
  }
  await (done ? markProcessed(deps.db, event.id) : markAttempted(deps.db, event.id));
}

/**
 * Receives a webhook: the signature first (400 when it does not check out), then the event is
 * stored by id (a replay stops here), then applied. Once stored the answer is 2xx whatever
 * happens next: an event that could not be applied is retried by the sweep, not by the provider.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  let event: ProviderEvent;
  try {
    event = deps.provider.readEvent(rawBody, signature);
  } catch (error) {
    const message =
      error instanceof WebhookSignatureError ? error.message : 'The webhook body is not an event';
    throw new HttpError(400, 'validation_failed', message, { cause: error });
  }
  if (!(await storeEvent(deps.db, { id: event.id, type: event.type, payload: event.payload }))) {
    return;
  }
  await applyAndRecord(deps, event);
}

/** Tries the events that could not be applied again, every minute; stop() ends it. */
export function startWebhookRetries(deps: WebhookDeps): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void unprocessedEvents(deps.db, MAX_ATTEMPTS, 20)
      .then(async (events) => {
        for (const stored of events) {
          await applyAndRecord(deps, deps.provider.storedEvent(stored.payload));
        }
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'billing: the retry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, RETRY_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
