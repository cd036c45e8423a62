import { z } from 'zod/mini';
import { IsoTimestampSchema } from '../timestamps.ts';

/**
 * `GET /api/v1/calendar-feed`: whether the user's deadline calendar has a secret address (never
 * the address itself: only its hash is kept).
 */
export const CalendarFeedStateSchema = z.object({
  active: z.boolean(),
  createdAt: z.optional(IsoTimestampSchema),
});
export type CalendarFeedState = z.infer<typeof CalendarFeedStateSchema>;

/**
 * `POST /api/v1/calendar-feed`: a new secret address (`…/api/v1/calendar/<token>.ics`), shown
 * this once; the one before stops working. `DELETE` revokes it (204).
 */
export const CalendarFeedCreatedSchema = z.object({
  url: z.url(),
  createdAt: IsoTimestampSchema,
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;
