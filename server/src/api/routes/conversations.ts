import {
  CONVERSATION_BODY_LIMIT,
  ConversationListQuerySchema,
  CreateConversationSchema,
  UpdateConversationSchema,
} from '@partak/domain/api/conversations';
import type { UsageLimits } from '../../billing/usage-limits.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  countConversations,
  createConversation,
  deleteAllConversations,
  deleteConversation,
  getConversation,
  hasConversation,
  listConversations,
  updateConversation,
} from '../data/conversations-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { ID_PARAMS, userIdOf, type RouteLimit } from './user-data-scope.ts';

/**
 * The free plan's cap on saved conversations: a new one past it is refused with 402 (the ones
 * kept stay, and the browser keeps the new one in the open chat). Saving one again never is.
 */
async function refuseOverCap(db: Db, usage: UsageLimits, userId: string, id: string) {
  const cap = await usage.savedConversationsLimit(userId);
  if (cap === undefined || (await countConversations(db, userId)) < cap) return;
  if (await hasConversation(db, userId, id)) return;
  throw new HttpError(
    402,
    'saved_conversations_full',
    'The free plan keeps no more conversations',
    {
      extra: { limit: cap },
    },
  );
}

/** Saved conversations: list (paged, searchable), get, save, save again or rename, delete. */
export function conversationRoutes(
  app: ApiInstance,
  { db, limit, usage }: { db: Db; limit: RouteLimit; usage: UsageLimits },
): void {
  app.get(
    '/conversations',
    { schema: { querystring: ConversationListQuerySchema }, config: limit },
    async (request) => listConversations(db, userIdOf(request), request.query),
  );

  app.post(
    '/conversations',
    {
      schema: { body: CreateConversationSchema },
      bodyLimit: CONVERSATION_BODY_LIMIT,
      config: limit,
    },
    async (request, reply) => {
      await refuseOverCap(db, usage, userIdOf(request), request.body.id);
      const { record, created } = await createConversation(db, userIdOf(request), request.body);
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.delete('/conversations', { config: limit }, async (request) => ({
    deleted: await deleteAllConversations(db, userIdOf(request)),
  }));

  app.get('/conversations/:id', { schema: { params: ID_PARAMS }, config: limit }, async (request) =>
    getConversation(db, userIdOf(request), request.params.id),
  );

  app.patch(
    '/conversations/:id',
    {
      schema: { params: ID_PARAMS, body: UpdateConversationSchema },
      bodyLimit: CONVERSATION_BODY_LIMIT,
      config: limit,
    },
    async (request) => updateConversation(db, userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/conversations/:id',
    { schema: { params: ID_PARAMS }, config: limit },
    async (request, reply) => {
      await deleteConversation(db, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
