/** Chat rules shared by the browser and the server (docs/product.md#rules-and-where-they-live). */
import { z } from 'zod/mini';
import { ERROR_CODES } from './error-codes.ts';
import { isId, legacyId, legacyIdTime, withChanges } from './ids.ts';
import {
  CalculatorCardSchema,
  ChoicesSchema,
  HelplinesSchema,
  MENTOR_KINDS,
  MentorSourceSchema,
  SuggestedGoalSchema,
} from './mentor-events.ts';
import { IsoTimestampSchema } from './timestamps.ts';

export type ChatRole = 'user' | 'assistant';

/** The longest message anyone may send or save (about eight pages of text). */
export const MESSAGE_MAX_LENGTH = 8000;
/** The most messages one saved conversation keeps. */
export const CONVERSATION_MAX_MESSAGES = 500;

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().check(z.maxLength(MESSAGE_MAX_LENGTH)),
  /** When it was written, as an ISO 8601 timestamp. */
  timestamp: IsoTimestampSchema,
  /** A reply: which mentor wrote it. */
  mentor: z.optional(z.enum(MENTOR_KINDS)),
  /** A reply: the library articles it leans on. */
  sources: z.optional(z.array(MentorSourceSchema).check(z.maxLength(10))),
  /** A reply: a goal it offers to add. */
  goal: z.optional(SuggestedGoalSchema),
  /** A reply that asks what the user means: the choices it offers. */
  choices: z.optional(ChoicesSchema),
  /** A reply to a person in crisis: the lines it offers to call. */
  helplines: z.optional(HelplinesSchema),
  /** A reply that offers a calculator: the card, as it was offered. */
  calculator: z.optional(CalculatorCardSchema),
  /** A reply that failed part-way (or before it began): what went wrong. */
  error: z.optional(z.enum(ERROR_CODES)),
});

export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * A saved conversation (kept under `partak_saved_conversations` in the browser). Its id is a UUID
 * made when its first message was sent; `updatedAt` is when it was last saved.
 */
/** The longest title a user may give a saved conversation (as long as a goal's). */
export const CONVERSATION_TITLE_MAX_LENGTH = 200;

export const SavedConversationSchema = z.object({
  id: z.uuid(),
  /** A title the user gave it; without one, its first question names it (`conversationTitle`). */
  title: z.optional(
    z.string().check(
      z.maxLength(CONVERSATION_TITLE_MAX_LENGTH),
      z.refine((title) => title.trim() !== '', { message: 'blank title' }),
    ),
  ),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  messages: z
    .array(ChatMessageSchema)
    .check(z.minLength(1), z.maxLength(CONVERSATION_MAX_MESSAGES)),
});

export type SavedConversation = z.infer<typeof SavedConversationSchema>;

/** The offline mentor answers after this long. */
export const REPLY_DELAY_MS = 1000;

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

export function isChatMessage(value: unknown): value is ChatMessage {
  return ChatMessageSchema.safeParse(value).success;
}

export function isSavedConversation(value: unknown): value is SavedConversation {
  return SavedConversationSchema.safeParse(value).success;
}

const toIso = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : value;

/**
 * Brings a conversation id of an older version (a `Date.now()` number, or its digits as a string)
 * to the UUID it stands for; a UUID stays as it is.
 */
export function upgradeConversationId(id: unknown): unknown {
  if (isId(id)) return id;
  if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) {
    return legacyId('conversation', String(id));
  }
  return id;
}

/** A message of an older version: numeric (epoch) timestamps, `text` instead of `content`. */
export function upgradeChatMessage(message: unknown): unknown {
  if (!message || typeof message !== 'object') return message;
  const { text, ...rest } = message as Record<string, unknown>;
  const upgraded = withChanges(rest, {
    content: rest.content ?? text,
    timestamp: toIso(rest.timestamp),
  });
  return text === undefined && upgraded === rest ? message : upgraded;
}

/**
 * Brings an entry written by an older version to the current shape: a time-based id becomes its
 * stable UUID (ids.ts) and tells when the conversation began, the last-saved `timestamp` becomes
 * `updatedAt`, and messages are upgraded one by one. Anything it cannot make sense of is returned
 * unchanged and then refused by the check.
 */
export function upgradeSavedConversation(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { timestamp, ...entry } = value as Record<string, unknown>;
  const upgradedMessages = Array.isArray(entry.messages)
    ? entry.messages.map(upgradeChatMessage)
    : entry.messages;
  // The same array when no message changed, so an up-to-date entry stays the same object.
  const messages =
    Array.isArray(upgradedMessages) &&
    upgradedMessages.every((message, i) => message === (entry.messages as unknown[])[i])
      ? entry.messages
      : upgradedMessages;
  const firstMessageAt = Array.isArray(messages)
    ? (messages[0] as { timestamp?: unknown } | undefined)?.timestamp
    : undefined;
  const updatedAt = entry.updatedAt ?? toIso(timestamp);
  const upgraded = withChanges(entry, {
    id: upgradeConversationId(entry.id),
    createdAt: entry.createdAt ?? legacyIdTime(entry.id) ?? firstMessageAt ?? updatedAt,
    updatedAt,
    messages,
  });
  return timestamp === undefined && upgraded === entry ? value : upgraded;
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
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
}

/**
 * A conversation's title: the one the user gave it, else its first user message shortened on a
 * word boundary.
 */
export function conversationTitle(
  conversation: Pick<SavedConversation, 'messages' | 'title'>,
  maxLength = 60,
): string {
  if (conversation.title) return conversation.title;
  const first = conversation.messages.find((message) => message.role === 'user')?.content ?? '';
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

/** Text as searches compare it: lower case, without diacritics ("Ceník" → "cenik"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
