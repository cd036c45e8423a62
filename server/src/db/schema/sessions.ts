import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';

/** A signed-in device. Ending it ends every refresh token it issued. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    /** Authenticator assurance level: aal1, or aal2 after a second factor. */
    aal: text('aal').notNull().default('aal1'),
    factorId: uuid('factor_id'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    notAfter: timestamp('not_after', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The OAuth client the session was issued to (oauth-server/token.ts), and what it may see. */
    oauthClientId: uuid('oauth_client_id'),
    scopes: text('scopes'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Refresh tokens, stored only as SHA-256 hashes: a database leak does not hand out sessions.
 * Each use rotates the token; `parent` links the chain for the reuse interval and reuse detection.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    parentHash: text('parent_hash'),
    revoked: boolean('revoked').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('refresh_tokens_session_id_idx').on(table.sessionId),
    index('refresh_tokens_parent_hash_idx').on(table.parentHash),
  ],
);

/** Authentication methods behind a session's `amr` claim (password, otp, totp, oauth…). */
export const sessionAmr = pgTable(
  'session_amr',
  {
    id: uuidPrimaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    ...timestamps,
  },
  (table) => [index('session_amr_session_id_idx').on(table.sessionId)],
);
