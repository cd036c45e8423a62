import { z } from 'zod/mini';
import { CONVERSATION_MAX_MESSAGES, ChatMessageSchema, SavedConversationSchema } from '../chat.ts';
import { IsoTimestampSchema } from '../timestamps.ts';
import { RecordVersionSchema } from './record-version.ts';

/** A saved conversation as the server keeps it, with the version every change raises. */
export const ConversationRecordSchema = z.extend(SavedConversationSchema, {
  version: RecordVersionSchema,
});
export type ConversationRecord = z.infer<typeof ConversationRecordSchema>;

const Messages = z
  .array(ChatMessageSchema)
  .check(z.minLength(1), z.maxLength(CONVERSATION_MAX_MESSAGES));
const Title = SavedConversationSchema.shape.title;

/**
 * `POST /api/v1/conversations`: saved for the first time, under the id the client made (sending
 * it again answers the one already saved). `createdAt` comes along when a conversation saved in
 * this browser is brought into the account.
 */
export const CreateConversationSchema = z.object({
  id: z.uuid(),
  title: Title,
  messages: Messages,
  createdAt: z.optional(IsoTimestampSchema),
  /** Saved again on purpose (an undo on the device that deleted it): the deletion is lifted. */
  restore: z.optional(z.boolean()),
});
export type CreateConversation = z.infer<typeof CreateConversationSchema>;

/**
 * `PATCH /api/v1/conversations/{id}`: saved again with more messages, or renamed (`title: null`
 * gives back the title its first question makes). Made on a version; an older one gets 409.
 */
export const UpdateConversationSchema = z
  .object({
    version: RecordVersionSchema,
    title: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    messages: z.optional(Messages),
  })
  .check(
    z.refine((change) => change.title !== undefined || change.messages !== undefined, {
      message: 'nothing to change',
    }),
  );
export type UpdateConversation = z.infer<typeof UpdateConversationSchema>;

/**
 * The largest body a saved conversation may be sent in: 500 messages of 8,000 characters, up to
 * two bytes each in UTF-8, with their sources and JSON's punctuation.
 */
export const CONVERSATION_BODY_LIMIT = 10 * 1024 * 1024;

/** The most conversations one page of the list holds. */
export const CONVERSATION_PAGE_MAX = 100;

/**
 * `GET /api/v1/conversations?limit=&before=&q=`: newest saved first. `before` is the cursor the
 * previous page answered as `next`; `q` keeps those whose title or messages contain it.
 */
export const ConversationListQuerySchema = z.object({
  limit: z.optional(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CONVERSATION_PAGE_MAX)),
  ),
  before: z.optional(z.string().check(z.maxLength(100))),
  q: z.optional(z.string().check(z.maxLength(200))),
});

export const ConversationListSchema = z.object({
  items: z.array(ConversationRecordSchema),
  /** The cursor of the next page, when there is one. */
  next: z.optional(z.string()),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;
