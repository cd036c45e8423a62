import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * One-time tokens behind email links (confirmation, recovery, magic link, email change), each with
 * a 6-digit code for the same step, and the codes texted to phones. Stored hashed, used once
 * (deleted on use), and they expire.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    tokenType: text('token_type').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The 6-digit code sent with the link, hashed with the user id (one-time-tokens-repository.ts). */
    codeHash: text('code_hash'),
    /** The address (or phone number) the link or code was sent to. */
    relatesTo: text('relates_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('one_time_tokens_user_id_idx').on(table.userId, table.tokenType)],
);

/** PKCE flows: the code challenge and, once authenticated, the hashed auth code to exchange. */
export const flowStates = pgTable('flow_states', {
  id: uuidPrimaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  authCodeHash: text('auth_code_hash').unique(),
  codeChallenge: text('code_challenge').notNull(),
  codeChallengeMethod: text('code_challenge_method').notNull(),
  providerType: text('provider_type').notNull(),
  authenticationMethod: text('authentication_method').notNull(),
  providerData: jsonb('provider_data').notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});
