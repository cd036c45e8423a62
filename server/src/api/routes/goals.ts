import { CreateGoalSchema, UpdateGoalSchema } from '@partak/domain/api/goals';
import type { Db } from '../../db/client.ts';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../data/goals-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { userOf } from '../require-user.ts';
import { type RouteLimit, ID_PARAMS, SMALL_BODY_LIMIT } from './user-data-scope.ts';

/** The user's goals: list, create (idempotent by the client's id), change, delete. */
export function goalRoutes(app: ApiInstance, { db, limit }: { db: Db; limit: RouteLimit }): void {
  app.get('/goals', { config: limit }, async (request) => ({
    items: await listGoals(db, userOf(request).record.user.id),
  }));

  app.post(
    '/goals',
    { schema: { body: CreateGoalSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request, reply) => {
      const { record, created } = await createGoal(
        db,
        userOf(request).record.user.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.patch(
    '/goals/:id',
    {
      schema: { params: ID_PARAMS, body: UpdateGoalSchema },
      bodyLimit: SMALL_BODY_LIMIT,
      config: limit,
    },
    async (request) =>
      updateGoal(db, userOf(request).record.user.id, request.params.id, request.body),
  );

  app.delete(
    '/goals/:id',
    { schema: { params: ID_PARAMS }, config: limit },
    async (request, reply) => {
      await deleteGoal(db, userOf(request).record.user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
