import {
  isSavedConversation,
  upgradeSavedConversation,
  upsertConversation,
  type SavedConversation,
} from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { readList, recoveryNotice, removeKey, writeJson, type WriteResult } from '../storage.ts';
import { accountOrLocal } from './account-data.ts';
import { browserStore } from './data-store.ts';

const KEY = storageKeys.savedConversations;

/** Saved conversations, newest first; saving one again replaces it (upsert by id). */
function readConversations(): SavedConversation[] {
  return readList(KEY, isSavedConversation, upgradeSavedConversation).reduce<SavedConversation[]>(
    (list, item) => upsertConversation(list, item),
    [],
  );
}

function writeConversations(list: SavedConversation[]): WriteResult {
  // The spec's "clear history" removes the storage entry itself.
  if (list.length === 0) {
    removeKey(KEY);
    return 'ok';
  }
  return writeJson(KEY, list);
}

/**
 * The saved conversations (`partak_saved_conversations`), shared by the chat (save), the history
 * (list, open, delete) and the settings (clear).
 */
export const localConversations = browserStore(KEY, readConversations, writeConversations);

/** Whoever uses the app: this browser's saved conversations, or the signed-in account's. */
export const conversationsStore = accountOrLocal(localConversations, (sync) => sync.conversations);

export const conversationsRecovery = recoveryNotice(KEY);

/** The changes made to the list, for the store or a screen's `useStored` write. */
export const savingConversation =
  (conversation: SavedConversation) => (list: SavedConversation[]) =>
    upsertConversation(list, conversation);
/**
 * A new title for one conversation; a blank one gives it back the title its first question makes.
 * Renaming does not move it in the list (it is ordered by when it was last saved).
 */
export const renamingConversation = (id: string, title: string) => (list: SavedConversation[]) =>
  list.map((item) => {
    if (item.id !== id) return item;
    const renamed: SavedConversation = { ...item, title: title.trim() };
    if (!renamed.title) delete renamed.title;
    return renamed;
  });
export const deletingConversation = (id: string) => (list: SavedConversation[]) =>
  list.filter((item) => item.id !== id);

export const saveConversation = (conversation: SavedConversation) =>
  conversationsStore.write(savingConversation(conversation));

export const clearConversations = () => conversationsStore.write(() => []);
