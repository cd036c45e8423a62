import {
  DeviceReminderSchema,
  PushEndpointSchema,
  PushSubscriptionSchema,
  ReminderSettingsSchema,
  UnsubscribeSchema,
} from '@partak/domain/api/reminders';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import {
  removeDeviceReminder,
  saveDeviceReminder,
} from '../../reminders/device-reminders-repository.ts';
import { pushEndpointAllowed } from '../../reminders/push-endpoints.ts';
import {
  addSubscription,
  readReminders,
  readSchedule,
  removeSubscription,
  saveReminders,
  stopReminderMails,
} from '../../reminders/reminders-repository.ts';
import { tokenHolds, tokenUser } from '../../reminders/unsubscribe-links.ts';
import type { ApiInstance } from '../api-instance.ts';
import { assertTimeZone, SMALL_BODY_LIMIT, userIdOf, type RouteLimit } from './user-data-scope.ts';

/** A subscription is an address the server will POST to: only the known push services'. */
function assertPushService(endpoint: string, hosts: readonly string[]): void {
  if (!pushEndpointAllowed(endpoint, hosts)) {
    throw new HttpError(400, 'push_service_unknown', 'Not a known push service');
  }
}

interface ReminderOptions {
  db: Db;
  limit: RouteLimit;
  pushServiceHosts: readonly string[];
}

/** The signed-in user's reminder: when and how, and the devices that receive it by push. */
export function reminderRoutes(app: ApiInstance, options: ReminderOptions): void {
  const { db, limit } = options;

  app.get('/reminders', { config: limit }, async (request) => readReminders(db, userIdOf(request)));

  app.put(
    '/reminders',
    { schema: { body: ReminderSettingsSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request) => {
      assertTimeZone(request.body.timeZone);
      await saveReminders(db, userIdOf(request), request.body, new Date());
      return readReminders(db, userIdOf(request));
    },
  );

  app.post(
    '/push-subscriptions',
    { schema: { body: PushSubscriptionSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request, reply) => {
      assertPushService(request.body.endpoint, options.pushServiceHosts);
      await addSubscription(db, userIdOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/push-subscriptions',
    { schema: { body: PushEndpointSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request, reply) => {
      await removeSubscription(db, userIdOf(request), request.body.endpoint);
      return reply.code(204).send();
    },
  );
}

/**
 * `POST /reminders/unsubscribe`: a reminder e-mail's link, used without signing in (the token is
 * the proof: unsubscribe-links.ts). The first use stops the e-mails; using it again says so.
 */
export function unsubscribeRoute(
  app: ApiInstance,
  options: { db: Db; limit: Limit; secret: Buffer },
): void {
  app.post(
    '/reminders/unsubscribe',
    {
      schema: { body: UnsubscribeSchema },
      bodyLimit: SMALL_BODY_LIMIT,
      config: rateLimitFor(options.limit, 'unsubscribe'),
    },
    async (request) => {
      const claimed = tokenUser(request.body.token);
      const schedule = claimed && (await readSchedule(options.db, claimed.userId));
      if (
        !claimed ||
        !schedule ||
        !tokenHolds(
          options.secret,
          claimed.userId,
          schedule.unsubscribeGeneration,
          claimed.signature,
        )
      ) {
        throw new HttpError(400, 'unsubscribe_link_invalid', 'This unsubscribe link is not valid');
      }
      const stopped = await stopReminderMails(options.db, claimed.userId, new Date());
      return { result: stopped ? 'unsubscribed' : 'already' };
    },
  );
}

/**
 * The reminder of a device used without an account (push only). No sign-in: the subscription's
 * endpoint is the key, a secret only that browser and its push service know (DeviceReminderSchema),
 * and the routes count against the caller's address like the other public ones.
 */
export function deviceReminderRoutes(
  app: ApiInstance,
  options: { db: Db; limit: Limit; pushServiceHosts: readonly string[] },
): void {
  const config = rateLimitFor(options.limit, 'device-reminders');
  app.put(
    '/device-reminders',
    { schema: { body: DeviceReminderSchema }, bodyLimit: SMALL_BODY_LIMIT, config },
    async (request, reply) => {
      assertTimeZone(request.body.timeZone);
      assertPushService(request.body.subscription.endpoint, options.pushServiceHosts);
      await saveDeviceReminder(options.db, request.body, new Date());
      return reply.code(204).send();
    },
  );

  app.delete(
    '/device-reminders',
    { schema: { body: PushEndpointSchema }, bodyLimit: SMALL_BODY_LIMIT, config },
    async (request, reply) => {
      await removeDeviceReminder(options.db, request.body.endpoint);
      return reply.code(204).send();
    },
  );
}
