import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, uuidPrimaryKey } from './columns.ts';

/**
 * ES256 signing keys shared by every server instance. The newest active key signs; retired keys
 * stay listed in JWKS until the tokens they signed have expired.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  ...timestamps,
});

/** Values generated once per installation (the public anon key, among others). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

/** Rate-limit counters, per key and fixed window, shared by every server instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_window_idx').on(table.windowStart),
  ],
);

/** What happened to accounts: sign-ins, sign-ups, token revocations (never secrets). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull().default({}),
    ip: text('ip'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('audit_log_user_id_idx').on(table.userId)],
);
