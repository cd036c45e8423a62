import {
  isChatMessage,
  upgradeChatMessage,
  upgradeConversationId,
  type ChatMessage,
} from '@partak/domain/chat';
import { isId } from '@partak/domain/ids';
import { storageKeys } from '@partak/domain/product';
import { readJson, removeKey, writeJson } from '@/lib/storage.ts';

/** The conversation in progress, kept per tab so a reload never loses it. */
export interface CurrentConversation {
  /** A UUID, given when the first message is sent; `null` while empty. */
  id: string | null;
  messages: ChatMessage[];
}

export const EMPTY_CONVERSATION: CurrentConversation = { id: null, messages: [] };

const KEY = storageKeys.currentConversation;

export function readCurrentConversation(): CurrentConversation {
  const stored = readJson(KEY, 'session');
  if (!stored || typeof stored !== 'object') return EMPTY_CONVERSATION;
  const { id, messages } = stored as Record<string, unknown>;
  if (!Array.isArray(messages)) return EMPTY_CONVERSATION;
  const valid = messages.map(upgradeChatMessage).filter(isChatMessage);
  const upgradedId = upgradeConversationId(id);
  return { id: isId(upgradedId) && valid.length > 0 ? upgradedId : null, messages: valid };
}

/** A full or blocked session storage only costs reload safety; the chat itself goes on. */
export function writeCurrentConversation(conversation: CurrentConversation): void {
  if (conversation.messages.length === 0) removeKey(KEY, 'session');
  else writeJson(KEY, conversation, 'session');
}
