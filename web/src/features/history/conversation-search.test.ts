import { describe, expect, it } from 'vitest';
import { foldText, type ChatMessage, type SavedConversation } from '@partak/domain/chat';
import { filterConversations } from './conversation-search.ts';

const at = '2026-11-20T10:00:00.000Z';
const message = (role: ChatMessage['role'], content: string): ChatMessage => ({
  role,
  content,
  timestamp: at,
});
const conversation = (id: string, messages: ChatMessage[], title?: string): SavedConversation => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  ...(title === undefined ? {} : { title }),
  createdAt: at,
  updatedAt: at,
  messages,
});

const pricing = conversation('1', [
  message('user', 'Jak nacenit grafiku?'),
  message('assistant', 'Začni hodinovou sazbou a připrav si ceník.'),
]);
const customers = conversation(
  '2',
  [message('user', 'Kde hledat zákazníky?'), message('assistant', 'Zeptej se známých.')],
  'Šťastní klienti',
);
const list = [pricing, customers];

describe('foldText', () => {
  it('drops case and diacritics', () => {
    expect(foldText('Ceník ŽLUŤOUČKÝ kůň')).toBe('cenik zlutoucky kun');
  });
});

describe('filterConversations', () => {
  it('finds all for a blank query, in the same order', () => {
    expect(filterConversations(list, '')).toBe(list);
    expect(filterConversations(list, '   ')).toBe(list);
  });

  it('matches message text regardless of case and diacritics', () => {
    expect(filterConversations(list, 'cenik')).toEqual([pricing]);
    expect(filterConversations(list, 'CENÍK')).toEqual([pricing]);
    expect(filterConversations(list, 'zakazniky')).toEqual([customers]);
  });

  it('matches a title the user gave', () => {
    expect(filterConversations(list, 'stastni')).toEqual([customers]);
  });

  it('needs every word, in any message', () => {
    expect(filterConversations(list, 'grafiku sazbou')).toEqual([pricing]);
    expect(filterConversations(list, 'grafiku známých')).toEqual([]);
  });

  it('finds nothing when nothing matches', () => {
    expect(filterConversations(list, 'daně')).toEqual([]);
  });
});
