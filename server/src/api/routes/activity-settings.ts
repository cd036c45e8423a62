import {
  ActivityBatchSchema,
  ActivityQuerySchema,
  UpdateSettingsSchema,
} from '@partak/domain/api/account';
import type { Db } from '../../db/client.ts';
import { activitySummary, appendEvents } from '../data/activity-repository.ts';
import { readSettings, updateSettings } from '../data/settings-repository.ts';
import type { ApiInstance } from '../api-instance.ts';
import { assertTimeZone, SMALL_BODY_LIMIT, userIdOf, type RouteLimit } from './user-data-scope.ts';

/** 500 events of at most ~600 bytes each. */
const ACTIVITY_BODY_LIMIT = 512 * 1024;

/** The activity log (appended in batches, summed up on the server) and the user's settings. */
export function activityAndSettingsRoutes(
  app: ApiInstance,
  { db, limit }: { db: Db; limit: RouteLimit },
): void {
  app.post(
    '/activity',
    { schema: { body: ActivityBatchSchema }, bodyLimit: ACTIVITY_BODY_LIMIT, config: limit },
    async (request) => ({ added: await appendEvents(db, userIdOf(request), request.body.events) }),
  );

  app.get(
    '/activity',
    { schema: { querystring: ActivityQuerySchema }, config: limit },
    async (request) => {
      const { timeZone } = request.query;
      if (timeZone !== undefined) assertTimeZone(timeZone);
      return activitySummary(db, userIdOf(request), new Date(), timeZone);
    },
  );

  app.get('/settings', { config: limit }, async (request) => readSettings(db, userIdOf(request)));

  app.patch(
    '/settings',
    { schema: { body: UpdateSettingsSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request) => updateSettings(db, userIdOf(request), request.body),
  );
}
