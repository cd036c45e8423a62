import { chatHistory, type ChatRequest } from '@partak/domain/api/chat';
import { MentorEventSchema, type MentorEvent } from '@partak/domain/mentor-events';
import { ApiError, apiEvents } from '@/lib/api-client.ts';
import type { Mentor } from './mentor.ts';
import { offlineMentor } from './offline-mentor.ts';

/** What the mentor may know besides the conversation: the user's goals, when they allowed it. */
export type MentorContext = () => Promise<NonNullable<ChatRequest['context']>>;

/**
 * The mentor on the server (`POST /api/v1/chat`): the library mentor, or an AI model when one is
 * configured; its events stream in as they are written. When the server cannot be reached at
 * all, the spec's fixed message answers instead, a second after sending, so the chat never hangs.
 * Any other failure (a refusal, a reply cut short) reaches the chat as a failed reply to retry.
 */
export function serverMentor(context: MentorContext = async () => ({})): Mentor {
  return {
    async *reply(conversation, language, signal, options) {
      const body: ChatRequest = {
        language,
        messages: chatHistory(conversation),
        context: await context(),
        ...(options?.library && { mentor: 'library' as const }),
      };
      let events: AsyncGenerator<unknown>;
      try {
        events = apiEvents('/chat', { body, signal });
        const first = await events.next();
        if (first.done) return;
        const event = parsed(first.value);
        if (event) yield event;
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === 'network' && !signal.aborted) {
          yield* offlineMentor.reply(conversation, language, signal);
          return;
        }
        throw error;
      }
      for await (const value of events) {
        const event = parsed(value);
        if (event) yield event;
      }
    },
  };
}

/** An event the chat understands; anything else (a newer server's extra) is passed over. */
function parsed(value: unknown): MentorEvent | undefined {
  const event = MentorEventSchema.safeParse(value);
  return event.success ? event.data : undefined;
}
