import { createHmac } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { takeBackSql, type CountedHit } from '../../lib/rate-limit-counters-repository.ts';
import { refreshTokens, sessionAmr, sessions } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/secure-random.ts';
import type { AmrEntry } from './access-tokens.ts';
import type { AuditAction } from '../http/audit.ts';
import { rowFromJson } from '../../db/row-from-json.ts';
import {
  userRecordColumns,
  userRecordFromJson,
  type UserRecord,
  type UserRecordJson,
} from '../users/users-repository.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** A session from its `to_json` form (a hand-written statement's result). */
export const sessionFromJson = (json: Record<string, unknown>): SessionRow =>
  rowFromJson(sessions, json);

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
    session: sessionFromJson(row.session),
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
    session: row?.session ? sessionFromJson(row.session) : undefined,
    record: userRecordFromJson(row),
  };
}

/**
 * Revokes the refresh tokens `revoked` names (one token, or every token of a session) and stores
 * the one that takes over, by its hash only: the token itself goes to the client and never into
 * the database. `revoked` is required: an update without a condition would revoke every user's
 * tokens.
 */
export async function replaceRefreshTokens(
  tx: Db,
  revoked: { tokenId: number } | { sessionId: string },
  next: { token: string; sessionId: string; userId: string; parentHash?: string; now: Date },
): Promise<void> {
  const which =
    'tokenId' in revoked
      ? eq(refreshTokens.id, revoked.tokenId)
      : eq(refreshTokens.sessionId, revoked.sessionId);
  await tx.update(refreshTokens).set({ revoked: true, updatedAt: next.now }).where(which);
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

/** Every session of the user (a new password from the admin, a soft delete). */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every session an OAuth client holds (the client is deleted), or holds for one user. */
export async function endClientSessions(db: Db, clientId: string, userId?: string): Promise<void> {
  const ofClient = eq(sessions.oauthClientId, clientId);
  await db
    .delete(sessions)
    .where(userId === undefined ? ofClient : and(eq(sessions.userId, userId), ofClient));
}

/** Hands a session over to an OAuth client, with the scopes granted. */
export async function assignSessionToClient(
  db: Db,
  sessionId: string,
  clientId: string,
  scopes: string,
): Promise<SessionRow | undefined> {
  const [session] = await db
    .update(sessions)
    .set({ oauthClientId: clientId, scopes })
    .where(eq(sessions.id, sessionId))
    .returning();
  return session;
}

/** The session reached aal2 with a factor: recorded with the factor's `amr` method. */
export async function raiseToAal2(
  tx: Db,
  sessionId: string,
  factor: { id: string; method: string },
  now: Date,
): Promise<SessionRow | undefined> {
  const [raised] = await tx
    .update(sessions)
    .set({ aal: 'aal2', factorId: factor.id, updatedAt: now })
    .where(eq(sessions.id, sessionId))
    .returning();
  await tx.insert(sessionAmr).values({ sessionId, method: factor.method });
  return raised;
}

/** The user's aal1 sessions other than `keptId` (signed in with the password alone) end. */
export async function endOtherAal1Sessions(tx: Db, userId: string, keptId: string): Promise<void> {
  const otherAal1Sessions = [ne(sessions.id, keptId), eq(sessions.aal, 'aal1')];
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), ...otherAal1Sessions));
}

/**
 * A factor was removed: sessions that reached aal2 with it fall back to aal1 and lose its `amr`
 * `method`, in one transaction.
 */
export async function lowerFromAal2(db: Db, factorId: string, method: string): Promise<void> {
  await db.transaction(async (tx) => {
    const affected = await tx
      .update(sessions)
      .set({ aal: 'aal1', factorId: null, updatedAt: new Date() })
      .where(eq(sessions.factorId, factorId))
      .returning({ id: sessions.id });
    for (const { id } of affected) {
      await tx
        .delete(sessionAmr)
        .where(and(eq(sessionAmr.sessionId, id), eq(sessionAmr.method, method)));
    }
  });
}

/** The refresh token with this hash, its row locked until the transaction `tx` ends. */
export async function lockRefreshToken(
  tx: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** The session's live (unrevoked) refresh token. */
export async function liveRefreshToken(
  tx: Db,
  sessionId: string,
): Promise<RefreshTokenRow | undefined> {
  const [live] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)));
  return live;
}

/** Stamps the session's `refreshed_at` (a rotation). */
export async function markRefreshed(
  tx: Db,
  sessionId: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [refreshed] = await tx
    .update(sessions)
    .set({ refreshedAt: now, updatedAt: now })
    .where(eq(sessions.id, sessionId))
    .returning();
  return refreshed;
}
