import { upsertConversation, type SavedConversation } from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { recoveryNotice } from '../storage.ts';
import { accountOrLocal } from './account-data.ts';
import { localConversations } from './local-conversations.ts';

/** Whoever uses the app: this browser's saved conversations, or the signed-in account's. */
export const conversationsStore = accountOrLocal(localConversations, (sync) => sync.conversations);

export const conversationsRecovery = recoveryNotice(storageKeys.savedConversations);

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
