import { CreateGoalSchema, UpdateGoalSchema } from '@partak/domain/api/goals';
import type { Db } from '../../db/client.ts';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../data/goals-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { type RouteLimit, ID_PARAMS, SMALL_BODY_LIMIT, userIdOf } from './user-data-scope.ts';

/** The user's goals: list, create (idempotent by the client's id), change, delete. */
export function goalRoutes(app: ApiInstance, { db, limit }: { db: Db; limit: RouteLimit }): void {
  app.get('/goals', { config: limit }, async (request) => ({
    items: await listGoals(db, userIdOf(request)),
  }));

  app.post(
    '/goals',
    { schema: { body: CreateGoalSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request, reply) => {
      const { record, created } = await createGoal(db, userIdOf(request), request.body);
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
    async (request) => updateGoal(db, userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/goals/:id',
    { schema: { params: ID_PARAMS }, config: limit },
    async (request, reply) => {
      await deleteGoal(db, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
