import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** `created_at` and `updated_at`, both set by the database when a row is made. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A random UUID primary key made by the database (for rows the server creates). */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/**
 * The user a row belongs to. Deleting the user deletes the row (GDPR art. 17: erasing an account
 * must leave nothing of theirs behind), and every query of user data filters by it.
 */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
