import { eq, sql } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@partak/domain/api/account';
import { isLanguage } from '@partak/domain/languages';
import type { Db } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';

type SettingsRow = typeof userSettings.$inferSelect;

const settingsOf = (row: SettingsRow): UserSettings => ({
  language: isLanguage(row.language) ? row.language : null,
  notifications: row.notifications,
  mentorSeesGoals: row.mentorSeesGoals,
  mentorSeesProfile: row.mentorSeesProfile,
});

export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ? settingsOf(row) : DEFAULT_USER_SETTINGS;
}

/** Changes the settings named; the others keep their value (the defaults until first set). */
export async function updateSettings(
  db: Db,
  userId: string,
  change: Partial<UserSettings>,
): Promise<UserSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...DEFAULT_USER_SETTINGS, ...change })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ...change, updatedAt: sql`now()` },
    })
    .returning();
  return row ? settingsOf(row) : { ...DEFAULT_USER_SETTINGS, ...change };
}
