import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * Passkeys for signing in without a password (GoTrue's `webauthn_credentials`): discoverable
 * credentials, kept apart from the passkeys registered as second factors (`mfa_factors`), see
 * docs/decisions/016-passkey-sign-in.md. Ids and keys are base64url, as the browser sends them.
 */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    /** The authenticator's credential id: one credential belongs to one account only. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key. Public by nature: it only checks signatures. */
    publicKey: text('public_key').notNull(),
    attestationType: text('attestation_type').notNull().default(''),
    aaguid: uuid('aaguid'),
    /** The authenticator's signature counter, which must grow (a clone would repeat it). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    backupEligible: boolean('backup_eligible').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    friendlyName: text('friendly_name').notNull().default(''),
    ...timestamps,
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('webauthn_credentials_user_id_idx').on(table.userId)],
);

/**
 * Ceremonies under way: the challenge we issued, until the browser answers. A sign-in challenge
 * has no user (discoverable credentials: who signs in is known only from the answer). The id is
 * the `challenge_id` the client holds; only the challenge's hash is kept. Used once (deleted on
 * use), and short-lived.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `registration` or `authentication`. */
    challengeType: text('challenge_type').notNull(),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);
