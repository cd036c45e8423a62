import { conversationTitle, foldText, type SavedConversation } from '@partak/domain/chat';

// Each saved conversation is an immutable object from the store: its folded text is made once.
const folded = new WeakMap<SavedConversation, string>();

function searchableText(conversation: SavedConversation): string {
  let text = folded.get(conversation);
  if (text === undefined) {
    const parts = [conversationTitle(conversation), ...conversation.messages.map((m) => m.content)];
    text = foldText(parts.join('\n'));
    folded.set(conversation, text);
  }
  return text;
}

/**
 * The conversations a search query finds, in the list's order: each word of the query must occur
 * in the title or in some message, ignoring case and diacritics. A blank query finds all.
 */
export function filterConversations(
  list: readonly SavedConversation[],
  query: string,
): readonly SavedConversation[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((conversation) => {
    const text = searchableText(conversation);
    return words.every((word) => text.includes(word));
  });
}
