import { z } from 'zod/mini';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import type { Db } from '../../db/client.ts';
import { deadlineCalendar, hashFeedToken, newFeedToken } from '../../calendar/deadline-feed.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { deleteFeed, feedOwner, readFeed, replaceFeed } from '../data/calendar-feeds-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { type RouteLimit, userIdOf } from './user-data-scope.ts';

/** The user's own feed: is there one, make a new one (the old stops working), revoke it. */
export function calendarFeedRoutes(
  app: ApiInstance,
  { db, limit, siteUrl }: { db: Db; limit: RouteLimit; siteUrl: string },
): void {
  app.get('/calendar-feed', { config: limit }, async (request) => {
    const feed = await readFeed(db, userIdOf(request));
    return feed ? { active: true, createdAt: feed.createdAt.toISOString() } : { active: false };
  });

  app.post('/calendar-feed', { config: limit }, async (request, reply) => {
    const { token, hash } = newFeedToken();
    const createdAt = await replaceFeed(db, userIdOf(request), hash);
    return reply.code(201).send({
      url: `${siteUrl}/api/v1/calendar/${token}.ics`,
      createdAt: createdAt.toISOString(),
    });
  });

  app.delete('/calendar-feed', { config: limit }, async (request, reply) => {
    await deleteFeed(db, userIdOf(request));
    return reply.code(204).send();
  });
}

const FeedParams = z.object({ file: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}\.ics$/)) });

/**
 * `GET /api/v1/calendar/<token>.ics`: the deadline calendar a calendar app polls, without a
 * session (the address is the secret). An unknown, revoked or malformed token is a plain 404.
 */
export function calendarFileRoute(
  app: ApiInstance,
  { db, limit, siteUrl }: { db: Db; limit: Limit; siteUrl: string },
): void {
  app.get(
    '/calendar/:file',
    { config: rateLimitFor(limit, 'calendar') },
    async (request, reply) => {
      const params = FeedParams.safeParse(request.params);
      const userId = params.success
        ? await feedOwner(db, hashFeedToken(params.data.file.slice(0, -'.ics'.length)))
        : undefined;
      if (!userId) throw new HttpError(404, 'not_found', 'No such calendar');
      const body = await deadlineCalendar(db, userId, siteUrl, new Date());
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline; filename="partak.ics"')
        .send(body);
    },
  );
}
