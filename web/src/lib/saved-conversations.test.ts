import { afterEach, describe, expect, it } from 'vitest';
import type { SavedConversation } from '@partak/domain/chat';
import {
  acknowledgeSavedRecovery,
  clearSavedConversations,
  deleteSavedConversation,
  readSavedConversations,
  saveConversation,
} from './saved-conversations.ts';

const KEY = 'partak_saved_conversations';
const conversation = (id: number, day: number): SavedConversation => ({
  id,
  timestamp: new Date(2026, 10, day).toISOString(),
  messages: [
    { role: 'user', content: `Otázka ${id}`, timestamp: new Date(2026, 10, day).toISOString() },
  ],
});

afterEach(() => localStorage.clear());

describe('saved conversations', () => {
  it('saves, updates in place, lists newest first and deletes', () => {
    expect(saveConversation(conversation(1, 1))).toBe('ok');
    expect(saveConversation(conversation(2, 2))).toBe('ok');
    expect(saveConversation({ ...conversation(1, 3) })).toBe('ok');
    expect(readSavedConversations().items.map((c) => c.id)).toEqual([1, 2]);
    deleteSavedConversation(1);
    expect(readSavedConversations().items.map((c) => c.id)).toEqual([2]);
    clearSavedConversations();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps readable entries when others are broken, and saving adds to them', () => {
    localStorage.setItem(KEY, JSON.stringify([conversation(1, 1), { id: 'broken' }, 42]));
    const read = readSavedConversations();
    expect(read.recovered).toBe(true);
    expect(read.items.map((c) => c.id)).toEqual([1]);
    saveConversation(conversation(2, 2));
    expect(readSavedConversations().items.map((c) => c.id)).toEqual([2, 1]);
  });

  it('survives a corrupted value: the raw text is kept aside, saving works again', () => {
    localStorage.setItem(KEY, '{"truncated":');
    expect(readSavedConversations()).toEqual({ items: [], recovered: true });
    acknowledgeSavedRecovery();
    expect(readSavedConversations().recovered).toBe(false);
    const backup = Object.keys(localStorage).find((key) => key.startsWith(`${KEY}.backup-`));
    expect(backup && localStorage.getItem(backup)).toBe('{"truncated":');
    expect(saveConversation(conversation(3, 3))).toBe('ok');
    expect(readSavedConversations().items).toHaveLength(1);
  });
});
