import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deletions } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';

export type DeletedKind = 'goal' | 'conversation';

/** Whether the user deleted this goal or conversation (on any device). */
export async function wasDeleted(
  db: Db,
  userId: string,
  kind: DeletedKind,
  id: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: deletions.id })
    .from(deletions)
    .where(and(eq(deletions.userId, userId), eq(deletions.kind, kind), eq(deletions.id, id)));
  return row !== undefined;
}

/** Remembers deleted ids, so that a device that was offline cannot make them again. */
export async function rememberDeleted(
  db: Db,
  userId: string,
  kind: DeletedKind,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(deletions)
    .values(ids.map((id) => ({ userId, kind, id })))
    .onConflictDoNothing();
}

/** What a change to a row that is not there answers: 410 when it was deleted, else 404. */
export async function missing(db: Db, userId: string, kind: DeletedKind, id: string) {
  return (await wasDeleted(db, userId, kind, id))
    ? new HttpError(410, 'record_deleted', `This ${kind} was deleted`)
    : new HttpError(404, 'not_found', `No such ${kind}`);
}

/**
 * Before a create: a deleted id is made again only when the client says so on purpose (`restore`,
 * an undo on the device that deleted it), which lifts the deletion; otherwise it is a 410, so a
 * stale copy from another device cannot bring it back.
 */
export async function refuseDeleted(
  db: Db,
  userId: string,
  kind: DeletedKind,
  id: string,
  restore: boolean | undefined,
): Promise<void> {
  if (restore) {
    await db
      .delete(deletions)
      .where(and(eq(deletions.userId, userId), eq(deletions.kind, kind), eq(deletions.id, id)));
  } else if (await wasDeleted(db, userId, kind, id)) {
    throw new HttpError(410, 'record_deleted', `This ${kind} was deleted`);
  }
}

/**
 * Deletes a goal or conversation (`remove` deletes the caller's row and says how many went) and
 * remembers it, in one transaction. Deleting it again is fine; an id never made is a 404.
 */
export async function deleteRemembered(
  db: Db,
  userId: string,
  kind: DeletedKind,
  id: string,
  remove: (tx: Db) => Promise<number>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await remove(tx)) === 0 && !(await wasDeleted(tx, userId, kind, id))) {
      throw new HttpError(404, 'not_found', `No such ${kind}`);
    }
    await rememberDeleted(tx, userId, kind, [id]);
  });
}
