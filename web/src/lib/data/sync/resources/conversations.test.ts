import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedConversation } from '@partak/domain/chat';
import { newId } from '@partak/domain/ids';
import { storageKeys } from '@partak/domain/product';
import { setAuthState } from '../../../auth-state.ts';
import { conversations } from './conversations.ts';

const saved = (): SavedConversation => ({
  id: newId(),
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  messages: [{ role: 'user', content: 'Jak nacenit logo?', timestamp: '2026-11-20T10:00:00.000Z' }],
});

describe('a first sign-in’s merge of saved conversations', () => {
  const made: string[] = [];
  const signal = new AbortController().signal;
  const merge = () =>
    conversations.merge({ signal, account: async () => [], enqueue: async () => undefined });

  beforeEach(() => {
    setAuthState({ status: 'signedOut', user: null });
    made.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** The server takes `room` new conversations, then answers the free plan's 402. */
  const serverWithRoomFor = (room: number) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(`${init.method} ${url}`).toBe('POST /api/v1/conversations');
      const { id } = JSON.parse(String(init.body)) as { id: string };
      if (made.length >= room) {
        return Response.json(
          { error_code: 'saved_conversations_full', message: 'full', limit: room },
          { status: 402 },
        );
      }
      made.push(id);
      return Response.json({ id }, { status: 201 });
    });

  it('brings every conversation and then forgets the browser’s copies', async () => {
    localStorage.setItem(storageKeys.savedConversations, JSON.stringify([saved(), saved()]));
    serverWithRoomFor(5);
    const merged = await merge();
    expect(merged.added).toBe(2);
    merged.forget();
    expect(localStorage.getItem(storageKeys.savedConversations)).toBeNull();
  });

  it('keeps in this browser what the free plan’s cap refused, instead of losing it', async () => {
    const local = [saved(), saved(), saved()];
    localStorage.setItem(storageKeys.savedConversations, JSON.stringify(local));
    serverWithRoomFor(1);
    const merged = await merge();
    expect(merged.added).toBe(1);
    merged.forget();
    expect(JSON.parse(localStorage.getItem(storageKeys.savedConversations) ?? '[]')).toHaveLength(3);
  });
});
