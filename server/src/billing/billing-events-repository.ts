import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingEvents } from '../db/schema/index.ts';

export interface StoredEvent {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * Stores a webhook event by its id. Answers whether it still needs processing: false for one
 * already processed (a replay, which then changes nothing).
 */
export async function storeEvent(db: Db, event: StoredEvent): Promise<boolean> {
  const [inserted] = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (inserted) return true;
  const [row] = await db
    .select({ processedAt: billingEvents.processedAt })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id));
  return row?.processedAt === null;
}

/** Marks the event done and forgets its body (it may name the customer). */
export async function markProcessed(db: Db, id: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ processedAt: sql`now()`, payload: null })
    .where(eq(billingEvents.id, id));
}

/** Counts a failed attempt; the retry sweep picks the event up again. */
export async function markAttempted(db: Db, id: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ attempts: sql`${billingEvents.attempts} + 1` })
    .where(eq(billingEvents.id, id));
}

/** Events whose processing failed fewer than `maxAttempts` times, oldest first. */
export async function unprocessedEvents(
  db: Db,
  maxAttempts: number,
  limit: number,
): Promise<StoredEvent[]> {
  return db
    .select({ id: billingEvents.id, type: billingEvents.type, payload: billingEvents.payload })
    .from(billingEvents)
    .where(and(isNull(billingEvents.processedAt), lt(billingEvents.attempts, maxAttempts)))
    .orderBy(asc(billingEvents.receivedAt))
    .limit(limit);
}
