import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, SavedConversation } from '@partak/domain/chat';
import { conversationMarkdown, escapeMarkdown, markdownFileName } from './conversation-markdown.ts';

const at = '2026-11-20T10:00:00.000Z';
const message = (
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  role,
  content,
  timestamp: at,
  ...extra,
});
const conversation = (messages: ChatMessage[]): SavedConversation => ({
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: at,
  updatedAt: at,
  messages,
});
const text = {
  title: 'Ceník pro začátek',
  saved: 'Uloženo 20. 11. 2026 11:00',
  you: 'Ty',
  mentor: 'Parťák',
  sources: 'Zdroje',
  origin: 'https://partak.example',
};

describe('conversationMarkdown', () => {
  it('writes the title, the date and each message labelled, in Czech', () => {
    const markdown = conversationMarkdown(
      conversation([
        message('user', 'Jak si mám stanovit ceny?'),
        message('assistant', 'Spočítej si náklady a přidej **marži**.'),
      ]),
      text,
    );
    expect(markdown).toBe(
      [
        '# Ceník pro začátek',
        'Uloženo 20. 11. 2026 11:00',
        '**Ty:** Jak si mám stanovit ceny?',
        '**Parťák:** Spočítej si náklady a přidej **marži**.',
      ].join('\n\n') + '\n',
    );
  });

  it('lists a reply’s sources as links into the library', () => {
    const reply = message('assistant', 'Začni hodinovou sazbou.', {
      sources: [
        { url: '/library/finance/ceny', title: 'Jak nacenit práci [návod]' },
        { url: '/library/marketing/prvni-zakaznici', title: 'První zákazníci' },
      ],
    });
    const markdown = conversationMarkdown(conversation([message('user', 'Ceny?'), reply]), text);
    expect(markdown).toContain(
      [
        '**Parťák:** Začni hodinovou sazbou.',
        'Zdroje:',
        '- [Jak nacenit práci \\[návod\\]](https://partak.example/library/finance/ceny)\n' +
          '- [První zákazníci](https://partak.example/library/marketing/prvni-zakaznici)',
      ].join('\n\n'),
    );
  });

  it('keeps a question with Markdown-looking characters as the text it was', () => {
    const question = '# 1. *nejdřív* _a_ [odkaz](x) <b> 3 > 2 & víc';
    const markdown = conversationMarkdown(conversation([message('user', question)]), text);
    expect(markdown).toContain(
      '**Ty:** \\# 1. \\*nejdřív\\* \\_a\\_ \\[odkaz\\](x) \\<b\\> 3 \\> 2 & víc',
    );
    expect(markdown).not.toContain('*nejdřív*');
  });

  it('reads back, rendered, as exactly what was written', () => {
    const question = '# 1. *nejdřív* _a_ [odkaz](x) <b> 3 > 2 &amp; víc\n- řádek `kód`';
    const html = renderToStaticMarkup(createElement(Markdown, null, escapeMarkdown(question)));
    const rendered = html
      .replace(/<br\/?>\n?/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(rendered).toBe(question);
  });

  it('puts the label above a reply that opens with a list, and skips empty replies', () => {
    const markdown = conversationMarkdown(
      conversation([
        message('user', 'Co dnes?'),
        message('assistant', '- napiš nabídku\n- zavolej klientovi'),
        message('assistant', '', { error: 'network' }),
      ]),
      text,
    );
    expect(markdown).toContain('**Parťák:**\n\n- napiš nabídku\n- zavolej klientovi\n');
    expect(markdown.match(/\*\*Parťák:\*\*/g)).toHaveLength(1);
  });
});

describe('escapeMarkdown', () => {
  it('keeps line breaks and paragraphs, and list-like line starts as text', () => {
    expect(escapeMarkdown('Ahoj\n- bod\n1. krok\n\nDalší odstavec')).toBe(
      'Ahoj\\\n\\- bod\\\n1\\. krok\n\nDalší odstavec',
    );
  });
});

describe('markdownFileName', () => {
  it('makes a slug of the title, without diacritics', () => {
    expect(markdownFileName('Ceník 2027: první kroky!', 'Konverzace')).toBe(
      'cenik-2027-prvni-kroky.md',
    );
  });

  it('falls back when the title has no letters or digits', () => {
    expect(markdownFileName('???', 'Konverzace')).toBe('konverzace.md');
  });
});
