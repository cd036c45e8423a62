import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessProfile } from '@partak/domain/business-profile';
import type { WeekFigures } from '@partak/domain/review-weeks';
import type { ChatMessage } from '@partak/domain/chat';
import { ownerId, timestamps } from './columns.ts';

/*
 * What a user keeps in Parťák (docs/decisions/011-sync.md). Ids are made by the client, so every
 * table's key is (user_id, id): a client cannot reach, or collide with, another user's row by
 * naming its id. `version` rises by one with every change and guards against stale overwrites.
 */

export const goals = pgTable(
  'goals',
  {
    userId: ownerId(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    milestones: integer('milestones').notNull(),
    completedMilestones: integer('completed_milestones').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

export const conversations = pgTable(
  'conversations',
  {
    userId: ownerId(),
    id: uuid('id').notNull(),
    title: text('title'),
    messages: jsonb('messages').$type<ChatMessage[]>().notNull(),
    /** Title and message text, lower-cased, for the history's search. */
    searchText: text('search_text').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('conversations_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id),
  ],
);

export const activityEvents = pgTable(
  'activity_events',
  {
    userId: ownerId(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    ref: text('ref'),
    label: text('label'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

/** Weekly reviews: one per user and week, named by the week's Monday. */
export const weeklyReviews = pgTable(
  'weekly_reviews',
  {
    userId: ownerId(),
    week: text('week').notNull(),
    wentWell: text('went_well').notNull(),
    inTheWay: text('in_the_way').notNull(),
    focus: text('focus').notNull(),
    figures: jsonb('figures').$type<WeekFigures>().notNull(),
    goalId: uuid('goal_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);

/** The business profile: one per account, kept whole (every field is optional and the user's). */
export const businessProfiles = pgTable('business_profiles', {
  userId: ownerId().primaryKey(),
  profile: jsonb('profile').$type<BusinessProfile>().notNull(),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/**
 * The secret address of the user's deadline calendar (an `.ics` feed a calendar app polls). Only
 * the token's SHA-256 is kept: a copy of the database cannot be used to read anyone's calendar.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: ownerId().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable('user_settings', {
  userId: ownerId().primaryKey(),
  language: text('language'),
  notifications: boolean('notifications').notNull().default(true),
  mentorSeesGoals: boolean('mentor_sees_goals').notNull().default(false),
  mentorSeesProfile: boolean('mentor_sees_profile').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Goals and conversations the user deleted, remembered so that a device which was offline when
 * it happened cannot bring them back by sending its old create again (answered 410).
 */
export const deletions = pgTable(
  'deletions',
  {
    userId: ownerId(),
    kind: text('kind').$type<'goal' | 'conversation'>().notNull(),
    id: uuid('id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.id] })],
);
