import { isChatMessage, type ChatMessage } from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';

/** The conversation in progress, kept per tab so a reload never loses it. */
export interface CurrentConversation {
  /** Time-based id, given when the first message is sent; `null` while empty. */
  id: number | null;
  messages: ChatMessage[];
}

export const EMPTY_CONVERSATION: CurrentConversation = { id: null, messages: [] };

export function readCurrentConversation(): CurrentConversation {
  try {
    const parsed: unknown = JSON.parse(
      sessionStorage.getItem(storageKeys.currentConversation) ?? 'null',
    );
    if (!parsed || typeof parsed !== 'object') return EMPTY_CONVERSATION;
    const { id, messages } = parsed as Record<string, unknown>;
    if (!Array.isArray(messages)) return EMPTY_CONVERSATION;
    const valid = messages.filter(isChatMessage);
    return { id: typeof id === 'number' && valid.length > 0 ? id : null, messages: valid };
  } catch {
    return EMPTY_CONVERSATION;
  }
}

export function writeCurrentConversation(conversation: CurrentConversation): void {
  try {
    if (conversation.messages.length === 0)
      sessionStorage.removeItem(storageKeys.currentConversation);
    else sessionStorage.setItem(storageKeys.currentConversation, JSON.stringify(conversation));
  } catch {
    // A full or blocked session storage only costs reload safety; the chat itself goes on.
  }
}
