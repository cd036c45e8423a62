import { isId } from '@partak/domain/ids';

/**
 * How other screens hand something to the chat, as navigation state on /chat: a question to send
 * as the first message of an empty conversation, or a saved conversation to continue. The chat
 * acts on it once and then clears it, so a reload or a step back never repeats it.
 */
export type ChatHandOff = { initialMessage: string } | { conversationId: string };

export function askInChat(initialMessage: string): ChatHandOff {
  return { initialMessage };
}

export function continueInChat(conversationId: string): ChatHandOff {
  return { conversationId };
}

/** The hand-off in a navigation state, if it carries a usable one. */
export function readChatHandOff(state: unknown): ChatHandOff | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { initialMessage, conversationId } = state as Record<string, unknown>;
  if (typeof initialMessage === 'string' && initialMessage.trim() !== '') return { initialMessage };
  if (isId(conversationId)) return { conversationId };
  return undefined;
}
