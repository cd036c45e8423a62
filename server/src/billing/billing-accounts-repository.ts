import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingAccounts } from '../db/schema/index.ts';
import type { ProviderSubscription } from './provider.ts';

export type BillingAccount = typeof billingAccounts.$inferSelect;

export async function readBillingAccount(
  db: Db,
  userId: string,
): Promise<BillingAccount | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row;
}

export async function billingAccountOfCustomer(
  db: Db,
  customerId: string,
): Promise<BillingAccount | undefined> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId));
  return row;
}

/** Remembers the account's customer at the provider (made on its first checkout). */
export async function saveCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, customerId })
    .onConflictDoUpdate({
      target: billingAccounts.userId,
      set: { customerId, updatedAt: sql`now()` },
    });
}

/**
 * Stores the subscription as the provider said it was at `stateAt`, unless what is stored is
 * newer (an event that arrived late never undoes a later state). The grace days count from the
 * first moment it was seen past due; a trial, once seen, is used for good.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: ProviderSubscription,
  stateAt: Date,
): Promise<BillingAccount | undefined> {
  const pastDue = subscription.status === 'past_due';
  const values = {
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    status: subscription.status,
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    stateAt,
  };
  const trialUsed = subscription.trialEnd !== null;
  const [row] = await db
    .insert(billingAccounts)
    .values({ userId, ...values, trialUsed, pastDueSince: pastDue ? stateAt : null })
    .onConflictDoUpdate({
      target: billingAccounts.userId,
      set: {
        ...values,
        trialUsed: sql`${billingAccounts.trialUsed} or ${trialUsed}`,
        pastDueSince: pastDue
          ? sql`coalesce(${billingAccounts.pastDueSince}, ${stateAt.toISOString()}::timestamptz)`
          : null,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${billingAccounts.stateAt} is null or ${billingAccounts.stateAt} <= ${stateAt.toISOString()}::timestamptz`,
    })
    .returning();
  return row;
}
