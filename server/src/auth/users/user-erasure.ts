import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/**
 * Erases the user (GDPR art. 17) in one transaction: every table of theirs references the user
 * with `on delete cascade` (sessions and refresh tokens too, so every device is signed out at
 * once), and their audit entries go as well; one entry without personal data records the erasure.
 * The account's own deletion and the admin API's hard delete both end here.
 */
export async function eraseUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(auditLog).where(eq(auditLog.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await tx.insert(auditLog).values({ userId, action: 'user_deleted', payload: {}, ip: null });
  });
}
