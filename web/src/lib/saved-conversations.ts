import {
  isSavedConversation,
  upgradeSavedConversation,
  upsertConversation,
  type SavedConversation,
} from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import {
  acknowledgeRecovery,
  readList,
  removeKey,
  writeJson,
  type ListRead,
  type WriteResult,
} from './storage.ts';

/**
 * The saved conversations (`partak_saved_conversations`), shared by the chat (save), the history
 * (list, open, delete) and the settings (clear). Reads never throw: see `readList`.
 */
export function readSavedConversations(): ListRead<SavedConversation> {
  const read = readList(
    storageKeys.savedConversations,
    isSavedConversation,
    upgradeSavedConversation,
  );
  return { ...read, items: upsertAll(read.items) };
}

const upsertAll = (items: SavedConversation[]) =>
  items.reduce<SavedConversation[]>((list, item) => upsertConversation(list, item), []);

/** Saves a conversation, replacing an earlier save of the same one. Nothing is lost when full. */
export function saveConversation(conversation: SavedConversation): WriteResult {
  const { items } = readSavedConversations();
  return writeJson(storageKeys.savedConversations, upsertConversation(items, conversation));
}

export function deleteSavedConversation(id: number): WriteResult {
  const { items } = readSavedConversations();
  return writeJson(
    storageKeys.savedConversations,
    items.filter((item) => item.id !== id),
  );
}

export function clearSavedConversations(): void {
  removeKey(storageKeys.savedConversations);
}

/** The history has told the user about unreadable saved conversations. */
export function acknowledgeSavedRecovery(): void {
  acknowledgeRecovery(storageKeys.savedConversations);
}
