import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSettings } from '../db/schema/index.ts';

/**
 * The value of an installation-wide setting, made once by `create` on first use. Every instance
 * reads the same value: the first insert wins, a racing one is ignored and reads the winner's.
 */
export async function settingOnce(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(instanceSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  if (!row) throw new Error(`instance setting ${key} could not be stored`);
  return row.value;
}

/**
 * The public API key every client sends as `apikey` (like Supabase's publishable key). It is
 * not a secret — it ships to every browser — it only tells our API from random traffic.
 * AUTH_ANON_KEY fixes it; otherwise one is generated on the first start and kept.
 */
export async function anonKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return settingOnce(
    db,
    'anon_key',
    () => `sb_publishable_${randomBytes(24).toString('base64url')}`,
  );
}
