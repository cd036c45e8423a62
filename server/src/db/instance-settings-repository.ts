import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { instanceSettings } from './schema/index.ts';

/**
 * The value of an installation-wide setting, made once by `create` on first use. Every instance
 * reads the same value: the first insert wins, a racing one is ignored and reads the winner's.
 */
export async function settingOnce(db: Db, key: string, create: () => string): Promise<string> {
  return (await settingOnceReporting(db, key, create)).value;
}

/** settingOnce, also telling whether this very call made the value (for a once-only notice). */
export async function settingOnceReporting(
  db: Db,
  key: string,
  create: () => string,
): Promise<{ value: string; created: boolean }> {
  const inserted = await db
    .insert(instanceSettings)
    .values({ key, value: create() })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { value: inserted[0].value, created: true };
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  if (!row) throw new Error(`instance setting ${key} could not be stored`);
  return { value: row.value, created: false };
}
