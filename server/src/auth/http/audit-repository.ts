import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { auditLog } from '../../db/schema/index.ts';

/*
 * The one owner of `audit_log`: entries are appended (audit.ts says what goes in them) and go
 * when their user is erased. A session's start writes its entry within its own statement
 * (sessions-repository.ts, ADR 007).
 */

export interface AuditEntry {
  userId: string | null;
  action: string;
  /** Serialised JSON. */
  payload: string;
  ip: string | null;
}

// Prepared: an entry is written on every sign-in.
const APPEND = {
  name: 'partak_audit',
  text: `insert into audit_log (user_id, action, payload, ip) values ($1::uuid, $2, $3::jsonb, $4)`,
};

/** Appends an entry (a prepared statement: never inside a transaction). */
export async function appendAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await runPrepared(db, APPEND, [entry.userId, entry.action, entry.payload, entry.ip]);
}

/** The user's entries go (an erasure, GDPR art. 17; inside its transaction). */
export async function deleteAuditTrail(tx: Db, userId: string): Promise<void> {
  await tx.delete(auditLog).where(eq(auditLog.userId, userId));
}

/** The one entry an erasure leaves (inside the erasure's transaction, after the user is gone). */
export async function recordErasure(tx: Db, userId: string): Promise<void> {
  await tx.insert(auditLog).values({ userId, action: 'user_deleted', payload: {}, ip: null });
}
