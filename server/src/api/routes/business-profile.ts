import { PutBusinessProfileSchema } from '@partak/domain/api/business-profile';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  deleteBusinessProfile,
  putBusinessProfile,
  readBusinessProfile,
} from '../data/business-profile-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { type RouteLimit, SMALL_BODY_LIMIT, userIdOf } from './user-data-scope.ts';

/**
 * The user's business profile: one per account and no id in the path, so no request can name
 * another user's (theirs answers 404 until they make one).
 */
export function businessProfileRoutes(
  app: ApiInstance,
  { db, limit }: { db: Db; limit: RouteLimit },
): void {
  app.get('/business-profile', { config: limit }, async (request) => {
    const record = await readBusinessProfile(db, userIdOf(request));
    if (!record) throw new HttpError(404, 'not_found', 'No business profile yet');
    return record;
  });

  app.put(
    '/business-profile',
    { schema: { body: PutBusinessProfileSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request) => putBusinessProfile(db, userIdOf(request), request.body),
  );

  app.delete('/business-profile', { config: limit }, async (request, reply) => {
    await deleteBusinessProfile(db, userIdOf(request));
    return reply.code(204).send();
  });
}
