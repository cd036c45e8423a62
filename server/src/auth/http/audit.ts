import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';

/** What the audit log records (GoTrue's action names, so existing dashboards read them). */
export type AuditAction =
  | 'user_signedup'
  | 'user_confirmation_requested'
  | 'user_recovery_requested'
  | 'user_repeated_signup'
  | 'login'
  | 'logout'
  | 'token_refreshed'
  | 'token_revoked'
  | 'user_modified'
  | 'user_updated_password'
  | 'user_email_change_requested'
  | 'user_reauthenticate_requested'
  | 'factor_enrolled'
  | 'factor_unenrolled'
  | 'mfa_verified'
  | 'passkey_created'
  | 'passkey_updated'
  | 'passkey_deleted'
  | 'user_deleted'
  | 'identity_linked'
  | 'identity_unlinked'
  | 'user_invited'
  | 'factor_deleted';

/**
 * Appends an entry: who, what, from where. Never a password, token or link — the payload holds
 * only facts such as the sign-in method or the scope of a logout.
 */
export async function audit(
  db: Db,
  request: FastifyRequest,
  userId: string | undefined,
  action: AuditAction,
  payload: Record<string, string> = {},
): Promise<void> {
  const values = [userId ?? null, action, JSON.stringify(payload), request.ip ?? null];
  await runPrepared(db, APPEND, values);
}

// Prepared: an entry is written on every sign-in.
const APPEND = {
  name: 'partak_audit',
  text: `insert into audit_log (user_id, action, payload, ip) values ($1::uuid, $2, $3::jsonb, $4)`,
};
