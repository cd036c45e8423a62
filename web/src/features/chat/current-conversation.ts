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
  /** What has been said, every reply finished (a reply on its way is not kept: it is asked again). */
  messages: ChatMessage[];
  /** A reply is on its way: after a reload (or coming back to the chat) it is asked for again. */
  awaiting: boolean;
}

export const EMPTY_CONVERSATION: CurrentConversation = { id: null, messages: [], awaiting: false };

const KEY = storageKeys.currentConversation;

export function readCurrentConversation(): CurrentConversation {
  const stored = readJson(KEY, 'session');
  if (!stored || typeof stored !== 'object') return EMPTY_CONVERSATION;
  const { id, messages, awaiting } = stored as Record<string, unknown>;
  if (!Array.isArray(messages)) return EMPTY_CONVERSATION;
  const valid = messages.map(upgradeChatMessage).filter(isChatMessage);
  const upgradedId = upgradeConversationId(id);
  if (!isId(upgradedId) || valid.length === 0) return EMPTY_CONVERSATION;
  // Kept before `awaiting` existed: a conversation ending with the user was waiting for a reply.
  const waiting = typeof awaiting === 'boolean' ? awaiting : valid.at(-1)?.role === 'user';
  return { id: upgradedId, messages: valid, awaiting: waiting && valid.at(-1)?.role === 'user' };
}

/** A full or blocked session storage only costs reload safety; the chat itself goes on. */
export function writeCurrentConversation(conversation: CurrentConversation): void {
  if (conversation.messages.length === 0) removeKey(KEY, 'session');
  else writeJson(KEY, conversation, 'session');
}
