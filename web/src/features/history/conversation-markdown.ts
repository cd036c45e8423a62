import type { ChatMessage, SavedConversation } from '@partak/domain/chat';
import { foldText } from '@partak/domain/chat';

/** The words of the export, in the interface language, and where the app's library links point. */
export interface MarkdownText {
  title: string;
  /** The line saying when it was saved, date included ("Uloženo 20. 11. 2026 10:00"). */
  saved: string;
  you: string;
  mentor: string;
  sources: string;
  /** The app's origin, for absolute links to the library (`https://example.com`). */
  origin: string;
}

/**
 * Plain text as Markdown that reads back as the same text: characters Markdown would take as
 * formatting are escaped, and each line break stays a line break.
 */
export function escapeMarkdown(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) =>
          line
            .trimStart()
            .replace(/[\\`*_[\]<>~|]/g, '\\$&')
            .replace(/&(?=#?\w+;)/g, '\\&')
            .replace(/^([#+=-])/, '\\$1')
            .replace(/^(\d+)([.)])/, '$1\\$2'),
        )
        .join('\\\n'),
    )
    .join('\n\n');
}

/** A reply that opens with a list, heading, quote, code or table: its label goes on a line above. */
const OPENS_WITH_BLOCK = /^(\s{4}|\s{0,3}(#|>|[-*+]\s|\d+[.)]\s|```|~~~|\||-{3,}\s*$))/;

function messageMarkdown(message: ChatMessage, text: MarkdownText): string {
  // The user wrote plain text; the mentor's replies are Markdown already.
  const content =
    message.role === 'user' ? escapeMarkdown(message.content) : message.content.trim();
  const label = `**${escapeMarkdown(message.role === 'user' ? text.you : text.mentor)}:**`;
  const labelled = OPENS_WITH_BLOCK.test(content)
    ? `${label}\n\n${content}`
    : `${label} ${content}`;
  const sources = message.sources ?? [];
  if (sources.length === 0) return labelled;
  const links = sources.map(
    (source) =>
      `- [${source.title.replace(/[\\[\]]/g, '\\$&')}](${text.origin}${encodeURI(source.url)})`,
  );
  return `${labelled}\n\n${escapeMarkdown(text.sources)}:\n\n${links.join('\n')}`;
}

/**
 * One saved conversation as a Markdown document: its title, when it was saved, then every message
 * as a paragraph labelled with who wrote it, a reply followed by the library articles it cites.
 * Messages without text (a reply that failed before it began) are left out.
 */
export function conversationMarkdown(conversation: SavedConversation, text: MarkdownText): string {
  const messages = conversation.messages
    .filter((message) => message.content.trim() !== '')
    .map((message) => messageMarkdown(message, text));
  const title = escapeMarkdown(text.title).replace(/\\\n/g, ' ');
  return `${[`# ${title}`, escapeMarkdown(text.saved), ...messages].join('\n\n')}\n`;
}

const slug = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');

/** The file name of an export: the title as a slug ("Ceník 2027" → "cenik-2027.md"). */
export function markdownFileName(title: string, fallback: string): string {
  return `${slug(title) || slug(fallback) || 'conversation'}.md`;
}
