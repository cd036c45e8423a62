import { and, eq, sql } from 'drizzle-orm';
import type {
  BusinessProfileRecord,
  PutBusinessProfile,
} from '@partak/domain/api/business-profile';
import type { Db } from '../../db/client.ts';
import { businessProfiles } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';

type ProfileRow = typeof businessProfiles.$inferSelect;

const recordOf = (row: ProfileRow): BusinessProfileRecord => ({
  profile: row.profile,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

export async function readBusinessProfile(
  db: Db,
  userId: string,
): Promise<BusinessProfileRecord | undefined> {
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
  return row ? recordOf(row) : undefined;
}

/**
 * Keeps the whole profile. Without a version it is made, or replaces the one there (a first
 * sign-in's merge sends the browser's); with a version it applies only on that version, so two
 * devices never silently overwrite each other: a stale one is a 409 carrying the current profile.
 */
export async function putBusinessProfile(
  db: Db,
  userId: string,
  put: PutBusinessProfile,
): Promise<BusinessProfileRecord> {
  const change = { profile: put.profile, version: sql`${businessProfiles.version} + 1`, updatedAt: sql`now()` };
  if (put.version === undefined) {
    const [row] = await db
      .insert(businessProfiles)
      .values({ userId, profile: put.profile })
      .onConflictDoUpdate({ target: businessProfiles.userId, set: change })
      .returning();
    if (row) return recordOf(row);
  } else {
    const [row] = await db
      .update(businessProfiles)
      .set(change)
      .where(and(eq(businessProfiles.userId, userId), eq(businessProfiles.version, put.version)))
      .returning();
    if (row) return recordOf(row);
  }
  const current = await readBusinessProfile(db, userId);
  if (!current) throw new HttpError(404, 'not_found', 'No business profile to change');
  throw new HttpError(409, 'conflict', 'The profile changed since this version', {
    extra: { current },
  });
}

/** Deletes the profile; deleting it again is fine. */
export async function deleteBusinessProfile(db: Db, userId: string): Promise<void> {
  await db.delete(businessProfiles).where(eq(businessProfiles.userId, userId));
}
