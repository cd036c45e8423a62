import {
  ConversationListSchema,
  ConversationRecordSchema,
  type ConversationRecord,
} from '@partak/domain/api/conversations';
import { upsertConversation, type SavedConversation } from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { ApiError, apiFetch, apiJson } from '../../../api-client.ts';
import { readString, removeKey } from '../../../storage.ts';
import { localConversations } from '../../local-conversations.ts';
import { created, currentOf, replace, versionOf } from '../records.ts';
import { defineResource } from '../resource.ts';

/** A change to the saved conversations: a save is the user's latest whole copy. */
export type ConversationOperation =
  | { kind: 'conversation.save'; conversation: SavedConversation }
  | { kind: 'conversation.delete'; id: string }
  | { kind: 'conversation.clear' };

/** The operations that turn one list of saved conversations into another. */
export function conversationChanges(
  before: readonly SavedConversation[],
  after: readonly SavedConversation[],
): ConversationOperation[] {
  if (after.length === 0 && before.length > 0) return [{ kind: 'conversation.clear' }];
  const previous = new Map(before.map((item) => [item.id, item]));
  const next = new Set(after.map((item) => item.id));
  const operations: ConversationOperation[] = after
    .filter((item) => previous.get(item.id) !== item)
    .map((conversation) => ({ kind: 'conversation.save', conversation }));
  for (const item of before) {
    if (!next.has(item.id)) operations.push({ kind: 'conversation.delete', id: item.id });
  }
  return operations;
}

/** Saved conversations as they will be once `operations` have reached the server. */
export function applyToConversations(
  list: readonly SavedConversation[],
  operations: readonly ConversationOperation[],
): SavedConversation[] {
  let result = [...list];
  for (const operation of operations) {
    if (operation.kind === 'conversation.save') {
      result = upsertConversation(result, operation.conversation);
    } else if (operation.kind === 'conversation.delete') {
      result = result.filter((item) => item.id !== operation.id);
    } else if (operation.kind === 'conversation.clear') {
      result = [];
    }
  }
  return result;
}

/** Every saved conversation of the account, page by page. */
async function fetchConversations(signal: AbortSignal): Promise<ConversationRecord[]> {
  const conversations: ConversationRecord[] = [];
  let next: string | undefined = '';
  while (next !== undefined) {
    const cursor: string = next ? `&before=${encodeURIComponent(next)}` : '';
    const page = await apiJson(`/conversations?limit=100${cursor}`, ConversationListSchema, {
      signal,
    });
    conversations.push(...page.items);
    next = page.next;
  }
  return conversations;
}

async function saveConversation(
  records: readonly ConversationRecord[],
  conversation: ConversationRecord | Omit<ConversationRecord, 'version'>,
  signal: AbortSignal,
): Promise<ConversationRecord> {
  const version = versionOf(records, conversation.id);
  const { id, title, messages, createdAt } = conversation;
  if (version === undefined) {
    // `restore`: a save queued on this device is the user's own doing (an undo of a delete made
    // here). The queue sends in order, so it can never overtake the delete it undoes.
    return apiJson('/conversations', ConversationRecordSchema, {
      method: 'POST',
      body: { id, title, messages, createdAt, restore: true },
      signal,
    });
  }
  const patch = (at: number) =>
    apiJson(`/conversations/${id}`, ConversationRecordSchema, {
      method: 'PATCH',
      body: { version: at, title: title ?? null, messages },
      signal,
    });
  try {
    return await patch(version);
  } catch (error) {
    // Saving is a whole copy the user asked for just now: the latest save wins over one made on
    // another device in between (which the other device still holds).
    const current = currentOf(error, ConversationRecordSchema);
    if (!current) throw error;
    return patch(current.version);
  }
}

async function sendConversation(
  operation: ConversationOperation,
  records: ConversationRecord[],
  signal: AbortSignal,
): Promise<ConversationRecord[]> {
  switch (operation.kind) {
    case 'conversation.save':
      return replace(records, await saveConversation(records, operation.conversation, signal));
    case 'conversation.delete':
      await apiFetch(`/conversations/${operation.id}`, { method: 'DELETE', signal });
      return records.filter((item) => item.id !== operation.id);
    case 'conversation.clear':
      await apiFetch('/conversations', { method: 'DELETE', signal });
      return [];
  }
}

export const conversations = defineResource<
  ConversationRecord[],
  SavedConversation[],
  ConversationOperation
>({
  kinds: { 'conversation.save': true, 'conversation.delete': true, 'conversation.clear': true },
  empty: () => [],
  fetch: fetchConversations,
  apply: (records, outbox) =>
    applyToConversations(
      records
        .map(({ version: _version, ...conversation }): SavedConversation => conversation)
        .reduce<SavedConversation[]>((list, item) => upsertConversation(list, item), []),
      outbox,
    ),
  diff: conversationChanges,
  send: sendConversation,
  subject(operation) {
    if (operation.kind === 'conversation.save') return operation.conversation.id;
    return operation.kind === 'conversation.delete' ? operation.id : undefined;
  },
  holdsLocal: () => readString(storageKeys.savedConversations) !== null,
  async merge({ signal }) {
    let added = 0;
    let refused = 0;
    for (const conversation of await localConversations.read()) {
      const { id, title, messages, createdAt } = conversation;
      try {
        if (await created('/conversations', { id, title, messages, createdAt }, signal)) added += 1;
      } catch (error) {
        // Past the free plan's cap: the rest stay in this browser, not lost.
        if (!(error instanceof ApiError) || error.status !== 402) throw error;
        refused += 1;
      }
    }
    const forget = () => removeKey(storageKeys.savedConversations);
    return { added, forget: refused > 0 ? () => undefined : forget };
  },
});
