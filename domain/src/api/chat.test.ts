import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../chat.ts';
import { CHAT_MAX_MESSAGES, ChatRequestSchema, chatHistory } from './chat.ts';

describe('chatHistory', () => {
  it('keeps a long, unlucky conversation one the server accepts', () => {
    const long = Array.from({ length: 130 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: i === 1 ? 'x'.repeat(MESSAGE_MAX_LENGTH + 500) : `zpráva ${i}`,
    }));
    // A reply that failed before its first word, then a new question.
    const conversation = [
      ...long,
      { role: 'assistant' as const, content: '' },
      { role: 'user' as const, content: 'Zkusím to znovu.' },
    ];
    const messages = chatHistory(conversation);
    expect(messages).toHaveLength(CHAT_MAX_MESSAGES);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Zkusím to znovu.' });
    expect(messages.some((message) => message.content === '')).toBe(false);
    expect(ChatRequestSchema.safeParse({ language: 'cs', messages }).success).toBe(true);
  });

  it('cuts a message that is too long at its beginning’s end, never drops it', () => {
    const [message] = chatHistory([{ role: 'assistant', content: `Začátek ${'x'.repeat(9000)}` }]);
    expect(message?.content).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(message?.content.startsWith('Začátek')).toBe(true);
  });
});
