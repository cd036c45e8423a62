import { SaveReviewSchema, WeekParamsSchema } from '@partak/domain/api/reviews';
import type { Db } from '../../db/client.ts';
import { listReviews, saveReview } from '../data/reviews-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { userIdOf, type RouteLimit } from './user-data-scope.ts';

/** Two answers of 2,000 characters, each up to 4 bytes in UTF-8 and more when escaped in JSON. */
const REVIEW_BODY_LIMIT = 64 * 1024;

/** Weekly reviews: the list, and one week's review made or replaced. */
export function reviewRoutes(app: ApiInstance, { db, limit }: { db: Db; limit: RouteLimit }): void {
  app.get('/reviews', { config: limit }, async (request) => ({
    items: await listReviews(db, userIdOf(request)),
  }));

  app.put(
    '/reviews/:week',
    {
      schema: { params: WeekParamsSchema, body: SaveReviewSchema },
      bodyLimit: REVIEW_BODY_LIMIT,
      config: limit,
    },
    async (request) =>
      saveReview(db, userIdOf(request), { week: request.params.week, ...request.body }),
  );
}
