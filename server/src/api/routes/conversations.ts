import {
  CONVERSATION_BODY_LIMIT,
  ConversationListQuerySchema,
  CreateConversationSchema,
  UpdateConversationSchema,
} from '@partak/domain/api/conversations';
import type { Db } from '../../db/client.ts';
import {
  createConversation,
  deleteAllConversations,
  deleteConversation,
  getConversation,
  listConversations,
  updateConversation,
} from '../data/conversations-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { ID_PARAMS, userIdOf, type RouteLimit } from './user-data-scope.ts';

/** Saved conversations: list (paged, searchable), get, save, save again or rename, delete. */
export function conversationRoutes(
  app: ApiInstance,
  { db, limit }: { db: Db; limit: RouteLimit },
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
