import type { ChatMessage } from '@partak/domain/chat';
import type { Language } from '@partak/domain/languages';

/**
 * Where replies come from. A reply is a stream of text pieces, so a mentor that streams tokens
 * (the server-side one) and one that answers at once fit the same interface. Aborting the signal
 * stops the reply; the stream then ends without yielding more.
 */
export interface Mentor {
  reply(
    conversation: readonly ChatMessage[],
    language: Language,
    signal: AbortSignal,
  ): AsyncIterable<string>;
}
