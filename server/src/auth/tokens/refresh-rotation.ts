import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { hashToken } from '../../lib/secure-random.ts';
import type { AmrEntry } from './access-tokens.ts';
import {
  amrColumn,
  amrFromJson,
  childToken,
  endSessions,
  findSession,
  liveRefreshToken,
  lockRefreshToken,
  markRefreshed,
  replaceRefreshTokens,
  sessionFromJson,
  type SessionRow,
} from './sessions-repository.ts';
import {
  userRecordColumns,
  userRecordFromJson,
  type UserRecord,
  type UserRecordJson,
} from '../users/users-repository.ts';

/*
 * Using a refresh token (docs/auth-compatibility.md#sessions-and-tokens): the rotation of a live
 * token, the grace period for a token a racing tab used a moment ago, and the refusals. Sessions
 * are started, found and ended in sessions-repository.ts.
 */

export type RotationResult =
  | { kind: 'rotated' | 'reused'; session: SessionRow; refreshToken: string }
  | { kind: 'not_found' | 'already_used' | 'session_not_found' }
  | ClientMismatch;

/** The token's session was issued to another OAuth client (or to none, or to one). */
export interface ClientMismatch {
  kind: 'client_mismatch';
  sessionClientId: string | null;
}

interface RotationOptions {
  secret: string;
  reuseSeconds: number;
  /**
   * The OAuth client refreshing (oauth-server/token.ts), null for the app's own /token: a session
   * is refreshed only by the client it was issued to, as in GoTrue.
   */
  clientId?: string | null;
  now?: Date;
}

export type RefreshResult =
  | {
      kind: 'rotated' | 'reused';
      session: SessionRow;
      refreshToken: string;
      /** The session's user, with identities and factors (undefined if the user is gone). */
      record: UserRecord | undefined;
      /** The `amr` claim. */
      amr: AmrEntry[];
    }
  | { kind: 'not_found' | 'already_used' | 'session_not_found' }
  | ClientMismatch;

/**
 * Uses a refresh token (GoTrue's tokens/service.go). A live token is revoked and replaced by its
 * child. A revoked token whose child is the session's live token, presented again within the
 * reuse interval, gets that child back (a second tab that raced the first). Any other reuse of a
 * revoked token means it was copied: the whole session ends. The token's row is locked for the
 * duration, so two racing requests are decided one after the other.
 * Returns everything a new access token for the session needs; a live token (the usual case)
 * takes a single statement: rotation, user record and `amr` in one round trip.
 */
export async function refreshSession(
  db: Db,
  token: string,
  options: RotationOptions,
): Promise<RefreshResult> {
  const now = options.now ?? new Date();
  const live = await rotateLive(db, token, options.secret, now, options.clientId ?? null);
  if (live.row) {
    return {
      kind: 'rotated',
      session: sessionFromJson(live.row.session),
      refreshToken: live.child,
      record: userRecordFromJson(live.row),
      amr: amrFromJson(live.row.amr),
    };
  }
  const result = await rotateLocked(db, token, { ...options, now });
  if (!('session' in result)) return result;
  return { ...result, ...(await sessionDetails(db, result.session)) };
}

/**
 * Rotates a live token in one statement (so one implicit transaction): revokes it, adds its child
 * ($3, the child's hash) and touches the session — only when the session belongs to the OAuth
 * client $4 (null: to none), selecting the new session row, then `columns`.
 * The conditional update takes the token's row lock: a racing request waits, then finds the token
 * revoked and changes nothing. No row back means the token is unknown or already revoked.
 */
const rotateStatement = (name: string, columns: string) => ({
  name,
  text: `with revoked as (
      update refresh_tokens set revoked = true, updated_at = $1
      where token_hash = $2 and not revoked and exists (
        select 1 from sessions s where s.id = refresh_tokens.session_id
          and s.oauth_client_id is not distinct from $4::uuid)
      returning session_id, user_id, token_hash
    ), inserted as (
      insert into refresh_tokens (token_hash, session_id, user_id, parent_hash)
      select $3, session_id, user_id, token_hash from revoked
    ), touched as (
      update sessions set refreshed_at = $1, updated_at = $1
      from revoked where sessions.id = revoked.session_id
      returning sessions.*
    )
    select to_json(touched) as "session"${columns} from touched`,
});

const ROTATE_WITH_DETAILS = rotateStatement(
  'partak_refresh_session',
  `, ${userRecordColumns('touched.user_id')}, ${amrColumn('touched.id')}`,
);

type LiveRow = UserRecordJson & {
  session: Record<string, unknown>;
  amr: Record<string, unknown>[];
};

async function rotateLive(
  db: Db,
  token: string,
  secret: string,
  now: Date,
  clientId: string | null,
) {
  const child = childToken(token, secret);
  const values = [now.toISOString(), hashToken(token), hashToken(child), clientId];
  const [row] = await runPrepared<LiveRow>(db, ROTATE_WITH_DETAILS, values);
  return { child, row };
}

const SESSION_DETAILS = {
  name: 'partak_session_details',
  text: `select ${userRecordColumns('$1::uuid')}, ${amrColumn('$2::uuid')}`,
};

/** The user record and `amr` claim of a session, in one round trip. */
async function sessionDetails(db: Db, session: SessionRow) {
  type Details = UserRecordJson & { amr: Record<string, unknown>[] };
  const [row] = await runPrepared<Details>(db, SESSION_DETAILS, [session.userId, session.id]);
  return { record: userRecordFromJson(row), amr: amrFromJson(row?.amr ?? []) };
}

/**
 * The general case under an explicit row lock: an unknown token, a revoked one (reuse within the
 * interval, or a copy), or a live one that appeared after `rotateLive` looked.
 */
async function rotateLocked(
  db: Db,
  token: string,
  options: RotationOptions & { now: Date },
): Promise<RotationResult> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, hashToken(token));
    if (!row) return { kind: 'not_found' as const };
    const session = await findSession(tx, row.sessionId);
    if (!session) return { kind: 'session_not_found' as const };
    if (session.oauthClientId !== (options.clientId ?? null)) {
      return { kind: 'client_mismatch' as const, sessionClientId: session.oauthClientId };
    }

    const child = childToken(token, options.secret);
    if (row.revoked) {
      const live = await liveRefreshToken(tx, session.id);
      const withinInterval = now.getTime() - row.updatedAt.getTime() <= options.reuseSeconds * 1000;
      if (live && live.tokenHash === hashToken(child) && withinInterval) {
        return { kind: 'reused' as const, session, refreshToken: child };
      }
      await endSessions(tx, session.userId, session.id, 'local');
      return { kind: 'already_used' as const };
    }

    await replaceRefreshTokens(
      tx,
      { tokenId: row.id },
      {
        token: child,
        sessionId: session.id,
        userId: row.userId,
        parentHash: row.tokenHash,
        now,
      },
    );
    const refreshed = await markRefreshed(tx, session.id, now);
    return { kind: 'rotated' as const, session: refreshed ?? session, refreshToken: child };
  });
}
