import { z } from 'zod/mini';
import { ActivityEventSchema, type ActivityStats } from '../activity.ts';
import { SUPPORTED_LANGUAGES } from '../languages.ts';
import { WeekFiguresSchema } from './reviews.ts';

/** The most events one `POST /api/v1/activity` may carry. */
export const ACTIVITY_BATCH_MAX = 500;

/** `POST /api/v1/activity`: events appended; one already there (same id) is not added again. */
export const ActivityBatchSchema = z.object({
  events: z.array(ActivityEventSchema).check(z.minLength(1), z.maxLength(ACTIVITY_BATCH_MAX)),
});

/**
 * `GET /api/v1/activity?timeZone=Europe/Prague`: the statistics screen's figures, computed on the
 * server from the whole log with the rules of `computeStats`, in the user's time zone (weeks start
 * on their Monday), and the newest events.
 */
export const ActivityQuerySchema = z.object({
  timeZone: z.optional(z.string().check(z.maxLength(64))),
});

const Count = z.int().check(z.minimum(0));

export const ActivitySummarySchema = z.object({
  stats: z.object({
    conversations: z.object({ total: Count, thisWeek: Count }),
    topics: z.object({ total: Count, thisWeek: Count }),
    goals: z.object({ total: Count, thisMonth: Count }),
    activityRate: z.object({ percent: z.number(), change: z.number() }),
  }),
  recent: z.array(ActivityEventSchema),
  /** This week's figures for the weekly review (absent from servers older than the review). */
  week: z.optional(WeekFiguresSchema),
});

export type ActivitySummary = z.infer<typeof ActivitySummarySchema> & { stats: ActivityStats };

/** The settings that follow the user from device to device. */
export const UserSettingsSchema = z.object({
  language: z.nullable(z.enum(SUPPORTED_LANGUAGES)),
  notifications: z.boolean(),
  mentorSeesGoals: z.boolean(),
  /** "Parťák smí znát můj profil": the AI model sees the business profile. */
  mentorSeesProfile: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** `PATCH /api/v1/settings`: any of them; the last change wins. */
export const UpdateSettingsSchema = z.partial(UserSettingsSchema);

/** What a user starts with (the app's defaults: language from the browser, notifications on). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  language: null,
  notifications: true,
  mentorSeesGoals: false,
  mentorSeesProfile: false,
};

/**
 * `DELETE /api/v1/account`: the password, for accounts that have one. Accounts without (Google or
 * Apple sign-in) instead need a session signed in within the last few minutes.
 */
export const DeleteAccountSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(200))),
});

/** How recent a sign-in must be to delete an account that has no password. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
