import { z } from 'zod/mini';
import { ERROR_CODES } from './error-codes.ts';
import { GOAL_MILESTONES_MAX, GoalTitleSchema } from './goals.ts';

/**
 * What a mentor's reply is made of, in the order it arrives: pieces of text, the library articles
 * it leans on, perhaps a goal it suggests, and at the end which mentor answered — or an error.
 * The browser's mentors yield these, and `POST /api/v1/chat` streams them as server-sent events
 * (one JSON object per `data:` line; see docs/mentor-protocol.md). The shapes are frozen here.
 */

/** Who wrote a reply: Parťák's own library, an AI model, or the fixed offline message. */
export const MENTOR_KINDS = ['library', 'model', 'offline'] as const;
export type MentorKind = (typeof MENTOR_KINDS)[number];

/** A library article a reply leans on. */
export const MentorSourceSchema = z.object({
  /** `/library/{category}/{article}` */
  url: z.string().check(z.regex(/^\/library\/[a-z0-9-]+\/[a-z0-9-]+$/)),
  title: z.string().check(z.maxLength(300)),
});
export type MentorSource = z.infer<typeof MentorSourceSchema>;

/** A goal the mentor offers to add, e.g. an article's numbered checklist. */
export const SuggestedGoalSchema = z.object({
  title: GoalTitleSchema,
  steps: z.int().check(z.minimum(1), z.maximum(GOAL_MILESTONES_MAX)),
});
export type SuggestedGoal = z.infer<typeof SuggestedGoalSchema>;

export const MentorEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('source'), source: MentorSourceSchema }),
  z.object({ type: z.literal('goal'), goal: SuggestedGoalSchema }),
  z.object({
    type: z.literal('error'),
    code: z.enum(ERROR_CODES),
    /** Who was answering when it failed part-way, so the text that arrived keeps its label. */
    mentor: z.optional(z.enum(MENTOR_KINDS)),
  }),
  z.object({ type: z.literal('done'), mentor: z.enum(MENTOR_KINDS) }),
]);
export type MentorEvent = z.infer<typeof MentorEventSchema>;

/** A reply as it stands after one more event (pure: the browser and the server fold alike). */
export function applyMentorEvent<
  R extends {
    content: string;
    mentor?: MentorKind;
    sources?: MentorSource[];
    goal?: SuggestedGoal;
    error?: MentorErrorCode;
  },
>(reply: R, event: MentorEvent): R {
  switch (event.type) {
    case 'text':
      return { ...reply, content: reply.content + event.text };
    case 'source':
      return { ...reply, sources: [...(reply.sources ?? []), event.source] };
    case 'goal':
      return { ...reply, goal: event.goal };
    case 'error':
      return { ...reply, error: event.code, ...(event.mentor ? { mentor: event.mentor } : {}) };
    case 'done':
      return { ...reply, mentor: event.mentor };
  }
}

type MentorErrorCode = Extract<MentorEvent, { type: 'error' }>['code'];
