import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';

/** Second factors: totp, phone or webauthn; `unverified` until the first successful challenge. */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull(),
    status: text('status').notNull().default('unverified'),
    /** TOTP secret (base32). The server must read it to check codes. */
    secret: text('secret'),
    /** The newest 30-second step whose code was accepted: a TOTP code works once. */
    totpLastStep: integer('totp_last_step'),
    phone: text('phone'),
    webauthnCredential: jsonb('webauthn_credential'),
    lastChallengedAt: timestamp('last_challenged_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('mfa_factors_user_id_idx').on(table.userId),
    uniqueIndex('mfa_factors_user_friendly_name_key')
      .on(table.userId, table.friendlyName)
      .where(sql`${table.friendlyName} is not null and ${table.friendlyName} <> ''`),
  ],
);

export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuidPrimaryKey(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  /** Hash of the code sent by SMS; TOTP codes are checked against the secret instead. */
  otpCodeHash: text('otp_code_hash'),
  webauthnSession: jsonb('webauthn_session'),
  ip: text('ip'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  ...timestamps,
});
