import type { Db } from '../../db/client.ts';
import { deleteAuditTrail, recordErasure } from '../http/audit-repository.ts';
import { deleteUser } from './users-repository.ts';

/**
 * Erases the user (GDPR art. 17) in one transaction: every table of theirs references the user
 * with `on delete cascade` (sessions and refresh tokens too, so every device is signed out at
 * once), and their audit entries go as well; one entry without personal data records the erasure.
 * The account's own deletion and the admin API's hard delete both end here.
 */
export async function eraseUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteAuditTrail(tx, userId);
    await deleteUser(tx, userId);
    await recordErasure(tx, userId);
  });
}
