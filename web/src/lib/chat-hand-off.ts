/**
 * How a screen hands a question to the chat: navigation state `{ initialMessage }` on /chat. The
 * chat sends it once, as the first message of an empty conversation.
 */
export interface ChatHandOff {
  initialMessage: string;
}

export function chatHandOff(initialMessage: string): ChatHandOff {
  return { initialMessage };
}

/** The handed-over question, if the navigation state carries a usable one. */
export function readChatHandOff(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const message = (state as Record<string, unknown>).initialMessage;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
