/** Chat rules shared by the browser and, later, the server (product-spec §3–§5, §9). */

export type ChatRole = 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** When it was written, as an ISO 8601 timestamp. */
  timestamp: string;
}

/** A conversation kept under `partak_saved_conversations`. */
export interface SavedConversation {
  /** Time-based: milliseconds since the epoch when the conversation began. */
  id: number;
  /** When it was last saved, as an ISO 8601 timestamp. */
  timestamp: string;
  messages: ChatMessage[];
}

/** The offline mentor answers after this long. */
export const REPLY_DELAY_MS = 1000;

/** A message longer than this is refused (about four pages of text). */
export const MESSAGE_MAX_LENGTH = 4000;

export type MessageProblem = 'empty' | 'too_long';

/** Checks a message before sending: it must have non-whitespace text and fit the limit. */
export function validateMessage(
  text: string,
): { ok: true; content: string } | { ok: false; problem: MessageProblem } {
  const content = text.trim();
  if (content === '') return { ok: false, problem: 'empty' };
  if (content.length > MESSAGE_MAX_LENGTH) return { ok: false, problem: 'too_long' };
  return { ok: true, content };
}

const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function isChatMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return (
    (message.role === 'user' || message.role === 'assistant') &&
    typeof message.content === 'string' &&
    isIsoDate(message.timestamp)
  );
}

export function isSavedConversation(value: unknown): value is SavedConversation {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    Number.isFinite(entry.id) &&
    isIsoDate(entry.timestamp) &&
    Array.isArray(entry.messages) &&
    entry.messages.length > 0 &&
    entry.messages.every(isChatMessage)
  );
}

const toIso = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : value;

/**
 * Brings an entry written by an older version to the current shape: numeric (epoch) timestamps
 * become ISO strings, a message's `text` becomes `content`, and a string id becomes a number.
 * Anything it cannot make sense of is returned unchanged and then refused by the check.
 */
export function upgradeSavedConversation(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entry = value as Record<string, unknown>;
  const id = typeof entry.id === 'string' && /^\d+$/.test(entry.id) ? Number(entry.id) : entry.id;
  const messages = Array.isArray(entry.messages)
    ? entry.messages.map((message: unknown) => {
        if (!message || typeof message !== 'object') return message;
        const { text, content, timestamp, ...rest } = message as Record<string, unknown>;
        return { ...rest, content: content ?? text, timestamp: toIso(timestamp) };
      })
    : entry.messages;
  return { ...entry, id, timestamp: toIso(entry.timestamp), messages };
}

/**
 * Saves a conversation into the list: the entry with the same id is replaced (saving again
 * updates, never duplicates), and the list is kept newest first.
 */
export function upsertConversation(
  list: readonly SavedConversation[],
  conversation: SavedConversation,
): SavedConversation[] {
  return [conversation, ...list.filter((entry) => entry.id !== conversation.id)].sort(
    (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
}

/** A conversation's title: its first user message, shortened on a word boundary. */
export function conversationTitle(messages: readonly ChatMessage[], maxLength = 60): string {
  const first = messages.find((message) => message.role === 'user')?.content ?? '';
  return shorten(first.replace(/\s+/g, ' ').trim(), maxLength);
}

/** Shortens text to at most `maxLength` characters, cutting at a word boundary and adding "…". */
export function shorten(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s,.;:!?–-]+$/, '')}…`;
}
