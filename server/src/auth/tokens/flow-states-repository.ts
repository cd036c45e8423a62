import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowStates } from '../../db/schema/index.ts';

/**
 * A row of `flow_states`: a PKCE flow waiting for an email link or a provider's answer. This file
 * is the table's one owner: the email-link flows (tokens/pkce.ts) and the provider sign-in flows
 * (providers/flow-states.ts) read and write it only through these operations.
 */
export type FlowStateRow = typeof flowStates.$inferSelect;

/** Deletes the flows of these methods that expired before `before`. */
export async function sweepExpiredFlows(
  db: Db,
  methods: readonly string[],
  before: Date,
): Promise<void> {
  await db
    .delete(flowStates)
    .where(
      and(inArray(flowStates.authenticationMethod, methods), lt(flowStates.expiresAt, before)),
    );
}

/** Records a flow and returns its id. */
export async function insertFlow(db: Db, values: typeof flowStates.$inferInsert): Promise<string> {
  const [flow] = await db.insert(flowStates).values(values).returning({ id: flowStates.id });
  if (!flow) throw new Error('flow state insert returned nothing');
  return flow.id;
}

/**
 * Moves the flow from method `from` to `to` in one statement (so it is claimed once even under a
 * race) and returns it; undefined when it is not waiting in `from`.
 */
export async function claimFlow(
  db: Db,
  id: string,
  from: string,
  to: string,
): Promise<FlowStateRow | undefined> {
  const [row] = await db
    .update(flowStates)
    .set({ authenticationMethod: to, updatedAt: new Date() })
    .where(and(eq(flowStates.id, id), eq(flowStates.authenticationMethod, from)))
    .returning();
  return row;
}

export async function deleteFlow(db: Db, id: string): Promise<void> {
  await db.delete(flowStates).where(eq(flowStates.id, id));
}

/** The id of the user's newest flow for `method` that has no auth code yet. */
export async function newestWaitingFlow(
  db: Db,
  userId: string,
  method: string,
): Promise<string | undefined> {
  const [flow] = await db
    .select({ id: flowStates.id })
    .from(flowStates)
    .where(
      and(
        eq(flowStates.userId, userId),
        eq(flowStates.authenticationMethod, method),
        isNull(flowStates.authCodeHash),
      ),
    )
    .orderBy(desc(flowStates.createdAt))
    .limit(1);
  return flow?.id;
}

/** Gives the flow an auth code (its hash), valid until `expiresAt`; `changes` go with it. */
export async function setAuthCode(
  db: Db,
  id: string,
  codeHash: string,
  expiresAt: Date,
  changes: { userId?: string; providerData?: Record<string, unknown> } = {},
): Promise<void> {
  await db
    .update(flowStates)
    .set({ ...changes, authCodeHash: codeHash, expiresAt, updatedAt: new Date() })
    .where(eq(flowStates.id, id));
}

/** The flow an auth code belongs to, deleted in the statement that finds it (it works once). */
export async function takeFlowByCode(db: Db, codeHash: string): Promise<FlowStateRow | undefined> {
  const [flow] = await db
    .delete(flowStates)
    .where(eq(flowStates.authCodeHash, codeHash))
    .returning();
  return flow;
}
