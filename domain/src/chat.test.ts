import { legacyId } from './ids.ts';
import { describe, expect, it } from 'vitest';
import {
  conversationTitle,
  isSavedConversation,
  MESSAGE_MAX_LENGTH,
  shorten,
  upgradeConversationId,
  upgradeSavedConversation,
  upsertConversation,
  validateMessage,
  type ChatMessage,
  type SavedConversation,
} from './chat.ts';

const message = (role: ChatMessage['role'], content: string): ChatMessage => ({
  role,
  content,
  timestamp: '2026-11-20T10:00:00.000Z',
});

describe('validateMessage', () => {
  it('requires non-empty trimmed text', () => {
    expect(validateMessage('')).toEqual({ ok: false, problem: 'empty' });
    expect(validateMessage('  \n\t ')).toEqual({ ok: false, problem: 'empty' });
    expect(validateMessage('  Ahoj\nParťáku  ')).toEqual({ ok: true, content: 'Ahoj\nParťáku' });
  });

  it('refuses messages over the limit', () => {
    expect(validateMessage('a'.repeat(MESSAGE_MAX_LENGTH)).ok).toBe(true);
    expect(validateMessage('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      problem: 'too_long',
    });
  });
});

describe('conversationTitle', () => {
  it('is the first user message, shortened on a word boundary', () => {
    const messages = [
      message('assistant', 'Ahoj!'),
      message(
        'user',
        'Jak mám najít prvních deset zákazníků pro svou novou grafickou firmu v Brně?',
      ),
      message('user', 'Druhá otázka'),
    ];
    expect(conversationTitle({ messages }, 40)).toBe('Jak mám najít prvních deset zákazníků…');
    expect(conversationTitle({ messages: [message('user', 'Krátká otázka')] })).toBe(
      'Krátká otázka',
    );
  });

  it('collapses whitespace and handles a conversation without user messages', () => {
    expect(conversationTitle({ messages: [message('user', 'Dva\n\nřádky')] })).toBe('Dva řádky');
    expect(conversationTitle({ messages: [message('assistant', 'Ahoj')] })).toBe('');
  });

  it('prefers the title the user gave', () => {
    const messages = [message('user', 'Jak na ceny?')];
    expect(conversationTitle({ messages, title: 'Ceník 2027' })).toBe('Ceník 2027');
  });

  it('cuts a single long word when there is no boundary', () => {
    expect(shorten('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(shorten('Ahoj, světe', 20)).toBe('Ahoj, světe');
  });
});

const ID_1 = '11111111-1111-4111-8111-111111111111';
const ID_2 = '22222222-2222-4222-8222-222222222222';

describe('upsertConversation', () => {
  const saved = (id: string, updatedAt: string): SavedConversation => ({
    id,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt,
    messages: [message('user', `#${id}`)],
  });

  it('updates the entry with the same id instead of duplicating it', () => {
    const list = [saved(ID_1, '2026-11-01T00:00:00Z'), saved(ID_2, '2026-11-02T00:00:00Z')];
    const updated = upsertConversation(list, saved(ID_1, '2026-11-03T00:00:00Z'));
    expect(updated.map((entry) => entry.id)).toEqual([ID_1, ID_2]);
    expect(updated).toHaveLength(2);
  });

  it('keeps the list newest first', () => {
    const list = upsertConversation(
      [saved(ID_1, '2026-11-05T00:00:00Z')],
      saved(ID_2, '2026-11-01T00:00:00Z'),
    );
    expect(list.map((entry) => entry.id)).toEqual([ID_1, ID_2]);
  });
});

describe('stored conversations', () => {
  it('accepts the current shape only', () => {
    const good = {
      id: ID_1,
      createdAt: '2026-11-20T09:00:00Z',
      updatedAt: '2026-11-20T10:00:00Z',
      messages: [message('user', 'Ahoj')],
    };
    expect(isSavedConversation(good)).toBe(true);
    expect(isSavedConversation({ ...good, messages: [] })).toBe(false);
    expect(isSavedConversation({ ...good, id: 'x' })).toBe(false);
    expect(
      isSavedConversation({
        ...good,
        messages: [{ role: 'bot', content: 'x', timestamp: good.updatedAt }],
      }),
    ).toBe(false);
    expect(isSavedConversation({ ...good, messages: [message('user', 'x'.repeat(8001))] })).toBe(
      false,
    );
    expect(isSavedConversation(null)).toBe(false);
  });

  it('upgrades entries of an older version', () => {
    const old = {
      id: '1700000000000',
      timestamp: 1_700_000_000_000,
      messages: [{ role: 'user', text: 'Ahoj', timestamp: 1_700_000_000_000 }],
    };
    const upgraded = upgradeSavedConversation(old);
    expect(isSavedConversation(upgraded)).toBe(true);
    expect(upgraded).toEqual({
      id: legacyId('conversation', '1700000000000'),
      createdAt: '2023-11-14T22:13:20.000Z',
      updatedAt: '2023-11-14T22:13:20.000Z',
      messages: [{ role: 'user', content: 'Ahoj', timestamp: '2023-11-14T22:13:20.000Z' }],
    });
    expect(upgradeSavedConversation(upgraded)).toEqual(upgraded);
    expect(upgradeSavedConversation({ ...old, id: 1_700_000_000_000 })).toEqual(upgraded);
  });

  it("upgrades the spec's shape (numeric id, ISO timestamp) to a UUID and dates", () => {
    const spec = {
      id: 1_763_600_000_000,
      timestamp: '2025-11-20T10:00:00.000Z',
      messages: [message('user', 'Ahoj')],
    };
    expect(upgradeSavedConversation(spec)).toMatchObject({
      id: upgradeConversationId(1_763_600_000_000),
      createdAt: '2025-11-20T00:53:20.000Z',
      updatedAt: '2025-11-20T10:00:00.000Z',
    });
    expect(isSavedConversation(upgradeSavedConversation(spec))).toBe(true);
  });
});
