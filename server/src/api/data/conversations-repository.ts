import { and, count, desc, eq, like, lt, or } from 'drizzle-orm';
import type {
  ConversationList,
  ConversationRecord,
  CreateConversation,
  UpdateConversation,
} from '@partak/domain/api/conversations';
import { foldText, type ChatMessage } from '@partak/domain/chat';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { deleteRemembered, missing, refuseDeleted, rememberDeleted } from './deletions-repository.ts';

type ConversationRow = typeof conversations.$inferSelect;

export function conversationRecord(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    ...(row.title ? { title: row.title } : {}),
    messages: row.messages,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}


const searchTextOf = (title: string | null | undefined, messages: readonly ChatMessage[]) =>
  foldText([title ?? '', ...messages.map((message) => message.content)].join('\n'));

const owned = (userId: string, id: string) =>
  and(eq(conversations.userId, userId), eq(conversations.id, id));

/**
 * The time of a save, to the millisecond: the page cursor carries it as JavaScript writes it, so
 * the database must not hold a finer time than that (or rows within one millisecond could be
 * skipped between pages).
 */
const now = () => new Date();

/** A page cursor: when the last conversation of the page was saved, and its id. */
const cursorOf = (row: ConversationRow) =>
  Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

function afterCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const time = new Date(at ?? '');
  if (Number.isNaN(time.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new HttpError(400, 'validation_failed', 'Unknown page cursor');
  }
  return or(
    lt(conversations.updatedAt, time),
    and(eq(conversations.updatedAt, time), lt(conversations.id, id)),
  );
}

/** LIKE's own characters in the user's query are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listConversations(
  db: Db,
  userId: string,
  query: { limit?: number; before?: string; q?: string },
): Promise<ConversationList> {
  const limit = query.limit ?? 50;
  const q = query.q?.trim() ? foldText(query.q.trim()) : undefined;
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        query.before ? afterCursor(query.before) : undefined,
        q ? like(conversations.searchText, `%${escapeLike(q)}%`) : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(conversationRecord),
    ...(rows.length > limit && last ? { next: cursorOf(last) } : {}),
  };
}

export async function getConversation(
  db: Db,
  userId: string,
  id: string,
): Promise<ConversationRecord> {
  const [row] = await db.select().from(conversations).where(owned(userId, id));
  if (!row) throw await missing(db, userId, 'conversation', id);
  return conversationRecord(row);
}

/** How many conversations the account keeps. */
export async function countConversations(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  return row?.count ?? 0;
}

/** Whether the account keeps a conversation under this id. */
export async function hasConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.id, id)));
  return row !== undefined;
}

/** Saves it under the client's id, or answers the one saved under it already. */
export async function createConversation(
  db: Db,
  userId: string,
  conversation: CreateConversation,
): Promise<{ record: ConversationRecord; created: boolean }> {
  await refuseDeleted(db, userId, 'conversation', conversation.id, conversation.restore);
  const title = conversation.title?.trim() || null;
  const [made] = await db
    .insert(conversations)
    .values({
      userId,
      id: conversation.id,
      title,
      messages: conversation.messages,
      searchText: searchTextOf(title, conversation.messages),
      createdAt: conversation.createdAt ? new Date(conversation.createdAt) : now(),
      updatedAt: now(),
    })
    .onConflictDoNothing()
    .returning();
  if (made) return { record: conversationRecord(made), created: true };
  return { record: await getConversation(db, userId, conversation.id), created: false };
}

/** Saved again or renamed, on the version it was made on (else 409 with the current one). */
export async function updateConversation(
  db: Db,
  userId: string,
  id: string,
  change: UpdateConversation,
): Promise<ConversationRecord> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations).where(owned(userId, id)).for('update');
    if (!current) throw await missing(tx, userId, 'conversation', id);
    if (current.version !== change.version) {
      throw new HttpError(409, 'conflict', 'The conversation changed since this version', {
        extra: { current: conversationRecord(current) },
      });
    }
    const title = change.title === undefined ? current.title : change.title?.trim() || null;
    const messages = change.messages ?? current.messages;
    const [updated] = await tx
      .update(conversations)
      .set({
        title,
        messages,
        searchText: searchTextOf(title, messages),
        version: current.version + 1,
        updatedAt: now(),
      })
      .where(owned(userId, id))
      .returning();
    return conversationRecord(updated ?? current);
  });
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  await deleteRemembered(db, userId, 'conversation', id, async (tx) => {
    const removed = await tx
      .delete(conversations)
      .where(owned(userId, id))
      .returning({ id: conversations.id });
    return removed.length;
  });
}

/** Clear history: every saved conversation goes, and each is remembered as deleted. */
export async function deleteAllConversations(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(conversations)
      .where(eq(conversations.userId, userId))
      .returning({ id: conversations.id });
    await rememberDeleted(
      tx,
      userId,
      'conversation',
      removed.map((row) => row.id),
    );
    return removed.length;
  });
}
