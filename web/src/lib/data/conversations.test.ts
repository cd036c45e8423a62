import { afterEach, describe, expect, it } from 'vitest';
import type { SavedConversation } from '@partak/domain/chat';
import { legacyId } from '@partak/domain/ids';
import {
  clearConversations,
  conversationsRecovery,
  conversationsStore,
  deletingConversation,
  saveConversation,
} from './conversations.ts';

const KEY = 'partak_saved_conversations';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const conversation = (n: number, day: number): SavedConversation => ({
  id: id(n),
  createdAt: new Date(2026, 10, 1).toISOString(),
  updatedAt: new Date(2026, 10, day).toISOString(),
  messages: [
    { role: 'user', content: `Otázka ${n}`, timestamp: new Date(2026, 10, day).toISOString() },
  ],
});
const ids = async () => (await conversationsStore.read()).map((c) => c.id);

afterEach(() => localStorage.clear());

describe('saved conversations', () => {
  it('saves, updates in place, lists newest first, deletes, and clearing removes the entry', async () => {
    expect(await saveConversation(conversation(1, 1))).toBe('ok');
    expect(await saveConversation(conversation(2, 2))).toBe('ok');
    expect(await saveConversation(conversation(1, 3))).toBe('ok');
    expect(await ids()).toEqual([id(1), id(2)]);
    await conversationsStore.write(deletingConversation(id(1)));
    expect(await ids()).toEqual([id(2)]);
    await clearConversations();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps readable entries when others are broken, and saving adds to them', async () => {
    localStorage.setItem(KEY, JSON.stringify([conversation(1, 1), { id: 'broken' }, 42]));
    expect(await ids()).toEqual([id(1)]);
    expect(conversationsRecovery.pending()).toBe(true);
    await saveConversation(conversation(2, 2));
    expect(await ids()).toEqual([id(2), id(1)]);
  });

  it('survives a corrupted value: the raw text is kept aside, saving works again', async () => {
    localStorage.setItem(KEY, '{"truncated":');
    expect(await ids()).toEqual([]);
    expect(conversationsRecovery.pending()).toBe(true);
    conversationsRecovery.acknowledge();
    expect(conversationsRecovery.pending()).toBe(false);
    const backup = Object.keys(localStorage).find((key) => key.startsWith(`${KEY}.backup-`));
    expect(backup && localStorage.getItem(backup)).toBe('{"truncated":');
    expect(await saveConversation(conversation(3, 3))).toBe('ok');
    expect(await ids()).toEqual([id(3)]);
  });

  it("reads conversations saved by older versions (the spec's numeric ids) without loss", async () => {
    const at = '2025-11-20T10:00:00.000Z';
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: 1_763_600_000_000, timestamp: at, messages: [{ role: 'user', content: 'Ahoj', timestamp: at }] },
      ]),
    );
    expect(await ids()).toEqual([legacyId('conversation', '1763600000000')]);
    expect(conversationsRecovery.pending()).toBe(false);
  });

  it('tells every listener in this tab about a write, until it unsubscribes', async () => {
    let heard = 0;
    const unsubscribe = conversationsStore.subscribe(() => void (heard += 1));
    await saveConversation(conversation(1, 1));
    await clearConversations();
    expect(heard).toBe(2);
    unsubscribe();
    await saveConversation(conversation(2, 2));
    expect(heard).toBe(2);
  });
});
