import { z } from 'zod/mini';
import { BusinessProfileSchema } from '../business-profile.ts';
import { MESSAGE_MAX_LENGTH } from '../chat.ts';
import { GOAL_MILESTONES_MAX, GOAL_TITLE_MAX_LENGTH } from '../goals.ts';
import { SUPPORTED_LANGUAGES } from '../languages.ts';

/** The most messages of a conversation one request may carry. */
export const CHAT_MAX_MESSAGES = 100;
/** The most goals one request may tell the mentor about. */
export const CHAT_MAX_GOALS = 50;
/**
 * A request larger than this is refused before it is parsed: 100 messages of 8,000 characters of
 * Czech (about 1.2 bytes a character in UTF-8, JSON-escaped) fit, with room to spare.
 */
export const CHAT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * `POST /api/v1/chat`: the conversation so far, its last message the user's; the interface
 * language; only when the user allowed it in the settings, their goals; and their business
 * profile, which the library mentor fills its answers from (it never leaves our server) and an AI
 * model sees only when `profileForModel` says the user allowed it ("Parťák smí znát můj profil").
 * Where the server sells the subscription, a free account's model replies are counted: past the
 * month's allowance the answer is 402 `model_replies_used_up`, before any reply begins.
 */
export const ChatRequestSchema = z
  .object({
    language: z.enum(SUPPORTED_LANGUAGES),
    messages: z
      .array(
        z.object({
          role: z.enum(['user', 'assistant']),
          content: z.string().check(z.minLength(1), z.maxLength(MESSAGE_MAX_LENGTH)),
        }),
      )
      .check(z.minLength(1), z.maxLength(CHAT_MAX_MESSAGES)),
    context: z.optional(
      z.object({
        goals: z.optional(
          z
            .array(
              z.object({
                title: z.string().check(z.maxLength(GOAL_TITLE_MAX_LENGTH)),
                steps: z.int().check(z.minimum(1), z.maximum(GOAL_MILESTONES_MAX)),
                done: z.int().check(z.minimum(0), z.maximum(GOAL_MILESTONES_MAX)),
              }),
            )
            .check(z.maxLength(CHAT_MAX_GOALS)),
        ),
        profile: z.optional(BusinessProfileSchema),
        profileForModel: z.optional(z.boolean()),
      }),
    ),
    /**
     * `library`: the library mentor answers even where an AI model would (the user chose it when
     * the free plan's model replies were used up).
     */
    mentor: z.optional(z.enum(['library'])),
  })
  .check(
    z.refine((request) => request.messages.at(-1)?.role === 'user', {
      message: 'the last message must be the user’s',
      path: ['messages'],
    }),
  );

export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/**
 * The part of a conversation a request carries, so a long or unlucky conversation never becomes
 * one the server refuses: its newest CHAT_MAX_MESSAGES messages that say something (a reply that
 * failed before its first word says nothing), each within MESSAGE_MAX_LENGTH (a long model reply
 * keeps its beginning).
 */
export function chatHistory(
  messages: readonly { role: 'user' | 'assistant'; content: string }[],
): ChatRequest['messages'] {
  return messages
    .filter((message) => message.content.trim() !== '')
    .slice(-CHAT_MAX_MESSAGES)
    .map(({ role, content }) => ({ role, content: content.slice(0, MESSAGE_MAX_LENGTH) }));
}
