import {
  isSavedConversation,
  upgradeSavedConversation,
  upsertConversation,
  type SavedConversation,
} from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { readList, removeKey, writeJson, type WriteResult } from '../storage.ts';
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
