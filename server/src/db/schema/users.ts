import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';

/**
 * Accounts (Supabase Auth's `auth.users`). Emails are stored lower-cased; phone numbers as GoTrue
 * keeps them, E.164 digits without the plus.
 */
export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    email: text('email'),
    /** argon2id hash; null for accounts that only sign in with a provider. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    phone: text('phone'),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    /** The number the user is changing to, until the code sent there is entered. */
    phoneChange: text('phone_change'),
    phoneChangeSentAt: timestamp('phone_change_sent_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    /** The address the user is changing to, until both change links are confirmed. */
    emailChange: text('email_change'),
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
    /** When the last reauthentication code (GET /reauthenticate) went out: its frequency limit. */
    reauthenticationSentAt: timestamp('reauthentication_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    appMetadata: jsonb('raw_app_meta_data').notNull().default({}),
    userMetadata: jsonb('raw_user_meta_data').notNull().default({}),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /** When the admin API last invited the user (POST /invite, an invite link). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** Set by the admin API's soft delete: the row stays, its addresses and secrets do not. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('users_phone_key')
      .on(table.phone)
      .where(sql`${table.phone} is not null`),
  ],
);

/** How a user signs in: email, google, apple… (Supabase Auth's `auth.identities`). */
export const identities = pgTable(
  'identities',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    provider: text('provider').notNull(),
    /** The user's id at the provider (for email: the user id). */
    providerId: text('provider_id').notNull(),
    identityData: jsonb('identity_data').notNull().default({}),
    email: text('email'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identities_provider_key').on(table.provider, table.providerId),
    index('identities_user_id_idx').on(table.userId),
  ],
);
