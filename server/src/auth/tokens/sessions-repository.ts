import { createHmac } from 'node:crypto';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { takeBackSql, type CountedHit } from '../../lib/rate-limit.ts';
import { refreshTokens, sessionAmr, sessions } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/secure-random.ts';
import type { AmrEntry } from './access-tokens.ts';
import type { AuditAction } from '../http/audit.ts';
import {
  rowFromJson,
  userRecordColumns,
  userRecordFromJson,
  type UserRecord,
  type UserRecordJson,
} from '../users/users-repository.ts';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Refresh tokens are kept only as hashes. A rotated token is derived from its parent with a
 * server secret (HMAC), so when two tabs race with the same token the second one can be given the
 * token the first one got — without the database ever holding a usable token.
 */
export function childToken(parent: string, secret: string): string {
  return createHmac('sha256', secret).update(parent).digest('base64url');
}

/**
 * Starts a session in one statement (so one implicit transaction): marks the user's sign-in,
 * creates the session with its method and first refresh token, writes the audit entry, takes back
 * the sign-in attempt's hit when there is one (a right password is no guess), and selects
 * everything the session answer needs. The user row comes from the update's RETURNING: the
 * statement's own snapshot still shows the row as it was before. No row back means the user no
 * longer exists.
 */
const START_SESSION = {
  name: 'partak_start_session',
  text: `with touched as (
      update users set last_sign_in_at = $1, updated_at = $1 where id = $2::uuid
      returning users.*
    ), created as (
      insert into sessions (user_id, user_agent, ip) select id, $3, $4 from touched
      returning sessions.*
    ), method as (
      insert into session_amr (session_id, method) select id, $5 from created
      returning session_amr.*
    ), token as (
      insert into refresh_tokens (token_hash, session_id, user_id)
      select $6, id, user_id from created
    ), audited as (
      insert into audit_log (user_id, action, payload, ip)
      select id, $7, jsonb_build_object('method', $5::text) || $8::jsonb, $4 from touched
    ), taken_back as (
      ${takeBackSql('$9', '$10::timestamptz')}
    )
    select to_json(created) as "session",
      ${userRecordColumns('touched.id', 'to_json(touched)')},
      (select json_agg(m) from method m) as "amr"
    from created, touched`,
};

/** The audit entry of a session's start: its action, and details beside the method. */
export interface SessionAudit {
  action: AuditAction;
  details?: Record<string, string>;
}

export interface StartedSession {
  session: SessionRow;
  refreshToken: string;
  /** The user as the sign-in left them, with identities and factors. */
  record: UserRecord;
  /** The `amr` claim: the one method. */
  amr: AmrEntry[];
}

/**
 * Starts a session for a sign-in method with its first refresh token, audited as `details.audit`
 * says (the payload: the method and the audit's details); undefined when the user is gone (deleted since they were looked up).
 */
export async function createSession(
  db: Db,
  userId: string,
  method: string,
  details: { userAgent?: string; ip?: string; audit: SessionAudit; takeBack?: CountedHit },
  now = new Date(),
): Promise<StartedSession | undefined> {
  type Started = UserRecordJson & {
    session: Record<string, unknown>;
    amr: Record<string, unknown>[];
  };
  const refreshToken = randomToken();
  const values = [
    now.toISOString(),
    userId,
    details.userAgent ?? null,
    details.ip ?? null,
    method,
    hashToken(refreshToken),
    details.audit.action,
    JSON.stringify(details.audit.details ?? {}),
    details.takeBack?.key ?? null,
    details.takeBack?.windowStart ?? null,
  ];
  const [row] = await runPrepared<Started>(db, START_SESSION, values);
  const record = userRecordFromJson(row);
  if (!row || !record) return undefined;
  return {
    session: rowFromJson(sessions, row.session),
    refreshToken,
    record,
    amr: amrFromJson(row.amr),
  };
}

/** The `amr` claim: the session's authentication methods, newest first. */
export async function sessionMethods(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db
    .select()
    .from(sessionAmr)
    .where(eq(sessionAmr.sessionId, sessionId))
    .orderBy(desc(sessionAmr.createdAt));
  return rows.map(amrEntry);
}

const amrEntry = (row: typeof sessionAmr.$inferSelect): AmrEntry => ({
  method: row.method,
  timestamp: Math.floor(row.createdAt.getTime() / 1000),
});

/**
 * Select-list SQL for the column `amr`: the `session_amr` rows (JSON, newest first) of the
 * session whose id is `sessionId`, an SQL expression (a column or a placeholder).
 */
export const amrColumn = (sessionId: string) =>
  `coalesce((select json_agg(a order by a.created_at desc) from session_amr a
    where a.session_id = ${sessionId}), '[]') as "amr"`;

export const amrFromJson = (rows: Record<string, unknown>[]) =>
  rows.map((json) => amrEntry(rowFromJson(sessionAmr, json)));

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
  return session;
}

const FIND_SESSION_AND_USER = {
  name: 'partak_find_session_and_user',
  text: `select (select to_json(s) from sessions s where s.id = $1::uuid) as "session",
    ${userRecordColumns('$2::uuid')}`,
};

/**
 * A session and a user's record, read together in one round trip (for authenticating a request);
 * each is undefined when it does not exist.
 */
export async function findSessionAndUser(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ session: SessionRow | undefined; record: UserRecord | undefined }> {
  type Found = UserRecordJson & { session: Record<string, unknown> | null };
  const [row] = await runPrepared<Found>(db, FIND_SESSION_AND_USER, [sessionId, userId]);
  return {
    session: row?.session ? rowFromJson(sessions, row.session) : undefined,
    record: userRecordFromJson(row),
  };
}

/**
 * Revokes the refresh tokens `revoked` selects and stores the one that takes over, by its hash
 * only: the token itself goes to the client and never into the database. `revoked` is required:
 * an update without a condition would revoke every user's tokens.
 */
export async function replaceRefreshTokens(
  tx: Db,
  revoked: SQL,
  next: { token: string; sessionId: string; userId: string; parentHash?: string; now: Date },
): Promise<void> {
  await tx.update(refreshTokens).set({ revoked: true, updatedAt: next.now }).where(revoked);
  await tx.insert(refreshTokens).values({
    tokenHash: hashToken(next.token),
    sessionId: next.sessionId,
    userId: next.userId,
    parentHash: next.parentHash,
  });
}

/** Ends sessions for logout: just this one, all of the user's, or all but this one. */
export async function endSessions(
  db: Db,
  userId: string,
  sessionId: string,
  scope: 'local' | 'global' | 'others',
): Promise<void> {
  if (scope === 'local') await db.delete(sessions).where(eq(sessions.id, sessionId));
  else if (scope === 'global') await db.delete(sessions).where(eq(sessions.userId, userId));
  else
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
}
