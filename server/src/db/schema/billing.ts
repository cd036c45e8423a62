import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerId, timestamps } from './columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The account's customer and subscription at the payment provider, as the provider last said.
 * No card data ever: the provider keeps it, and the customer portal shows it.
 */
export const billingAccounts = pgTable('billing_accounts', {
  userId: ownerId().primaryKey(),
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id'),
  /** The provider's own status word (Stripe: trialing, active, past_due, canceled, …). */
  status: text('status'),
  trialEnd: at('trial_end'),
  currentPeriodEnd: at('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the status first turned past_due: the grace days count from here. */
  pastDueSince: at('past_due_since'),
  /** One trial per account, ever: set once a subscription with a trial exists. */
  trialUsed: boolean('trial_used').notNull().default(false),
  /** How new the stored state is (the event's time, or when it was read from the provider). */
  stateAt: at('state_at'),
  ...timestamps,
});

/**
 * Every webhook event, by the provider's id: a replay finds its id and changes nothing. The body
 * is kept only until the event is processed (it may name the customer), so that one whose
 * processing failed can be tried again.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload'),
  receivedAt: at('received_at').notNull().defaultNow(),
  processedAt: at('processed_at'),
  attempts: integer('attempts').notNull().default(0),
});

/** AI model replies an account had in a month ("2026-11"), for the free plan's allowance. */
export const modelReplyUsage = pgTable(
  'model_reply_usage',
  {
    userId: ownerId(),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);
