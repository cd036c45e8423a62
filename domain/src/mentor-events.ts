import { z } from 'zod/mini';
import { CALCULATOR_IDS } from './calculators/types.ts';
import { ERROR_CODES } from './error-codes.ts';
import { GOAL_MILESTONES_MAX, GoalTitleSchema } from './goals.ts';

/**
 * What a mentor's reply is made of, in the order it arrives: pieces of text, the library articles
 * it leans on, perhaps a goal it suggests or choices to tap (a clarifying question), the lines to
 * call (a person in crisis), and at the end which mentor answered — or an error.
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

/** The most choices a clarifying question offers, and the longest one. */
export const CHOICES_MAX = 4;
export const CHOICE_MAX_LENGTH = 200;

/** Two to four short questions the user can tap to answer a clarifying question. */
export const ChoicesSchema = z
  .array(z.string().check(z.minLength(1), z.maxLength(CHOICE_MAX_LENGTH)))
  .check(z.minLength(2), z.maxLength(CHOICES_MAX));

/** A line a person in crisis can call: its name, the number as people write it, a short note. */
export const HelplineSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  /** Digits, spaces and a leading +: "116 123", "0800 111 0 111". */
  number: z.string().check(z.regex(/^\+?[0-9][0-9 ]{1,18}[0-9]$/)),
  note: z.optional(z.string().check(z.maxLength(80))),
});
export type Helpline = z.infer<typeof HelplineSchema>;

/** The lines a crisis reply offers. */
export const HelplinesSchema = z.array(HelplineSchema).check(z.minLength(1), z.maxLength(5));

/** The number to dial for a helpline: "tel:116123". */
export const telHref = (number: string) => `tel:${number.replace(/ /g, '')}`;

/**
 * A calculator the reply offers as a card (`/nastroje/<id>` inside the chat). `input` is what the
 * card starts from (the model's tool arguments, or numbers the user wrote); the browser fills the
 * rest from the business profile, and the user can change every field in place.
 */
export const CalculatorCardSchema = z.object({
  id: z.enum(CALCULATOR_IDS),
  input: z.optional(
    z.record(
      z.string().check(z.maxLength(40)),
      z.union([z.number(), z.string().check(z.maxLength(40)), z.boolean()]),
    ),
  ),
});
export type CalculatorCard = z.infer<typeof CalculatorCardSchema>;

export const MentorEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('source'), source: MentorSourceSchema }),
  z.object({ type: z.literal('goal'), goal: SuggestedGoalSchema }),
  /** The reply asks which of these the user means: shown as buttons that send the choice. */
  z.object({ type: z.literal('choices'), choices: ChoicesSchema }),
  /** The reply is for a person in crisis: shown as a card with these lines to call. */
  z.object({ type: z.literal('crisis'), helplines: HelplinesSchema }),
  /** The reply offers a calculator: shown as a card the user can fill in and change in place. */
  z.object({ type: z.literal('calculator'), calculator: CalculatorCardSchema }),
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
    choices?: string[];
    helplines?: Helpline[];
    calculator?: CalculatorCard;
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
    case 'choices':
      return { ...reply, choices: event.choices };
    case 'crisis':
      return { ...reply, helplines: event.helplines };
    case 'calculator':
      return { ...reply, calculator: event.calculator };
    case 'error':
      return { ...reply, error: event.code, ...(event.mentor ? { mentor: event.mentor } : {}) };
    case 'done':
      return { ...reply, mentor: event.mentor };
  }
}

type MentorErrorCode = Extract<MentorEvent, { type: 'error' }>['code'];
