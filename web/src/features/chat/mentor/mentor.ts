import type { ChatMessage } from '@partak/domain/chat';
import type { Language } from '@partak/domain/languages';
import type { MentorEvent } from '@partak/domain/mentor-events';

/**
 * Where replies come from. A reply is a stream of typed events (text pieces, sources, a suggested
 * goal, an error, and which mentor answered), so a mentor that streams from the server and one
 * that answers at once fit the same interface. Aborting the signal stops the reply; the stream
 * then ends without yielding more. A mentor may also throw; the chat shows that as a failed reply.
 */
export interface Mentor {
  reply(
    conversation: readonly ChatMessage[],
    language: Language,
    signal: AbortSignal,
    options?: ReplyOptions,
  ): AsyncIterable<MentorEvent>;
}

export interface ReplyOptions {
  /** The library mentor answers, not an AI model (the month's model replies are used up). */
  library?: boolean;
}
