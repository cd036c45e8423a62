import type { FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AccessVerifier } from '../auth/tokens/access-verifier.ts';
import type { Billing } from '../billing/billing-service.ts';
import type { RateLimits } from '../config/rate-limit-defaults.ts';
import type { Db } from '../db/client.ts';
import { guardInput } from '../lib/input-guard.ts';
import { rateLimitFor } from '../lib/rate-limit.ts';
import type { Mentor } from '../mentor/index.ts';
import type { ApiInstance } from './api-instance.ts';
import { accountRoutes } from './routes/account.ts';
import { activityAndSettingsRoutes } from './routes/activity-settings.ts';
import { billingRoutes, billingWebhookRoute } from './routes/billing.ts';
import { businessProfileRoutes } from './routes/business-profile.ts';
import { calendarFeedRoutes, calendarFileRoute } from './routes/calendar-feed.ts';
import { chatRoute } from './routes/chat.ts';
import { configRoute } from './routes/config.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { goalRoutes } from './routes/goals.ts';
import { registryRoute } from './routes/registry.ts';
import { deviceReminderRoutes, reminderRoutes, unsubscribeRoute } from './routes/reminders.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { userDataScope } from './routes/user-data-scope.ts';

export interface ApiOptions {
  /** The same verifier the auth API uses (app.ts). */
  verifier: AccessVerifier;
  /** The public API key the browser needs for the auth API. */
  anonKey: string;
  mentor: Mentor;
  /** Whether the mentor has an AI model behind it (config.mentor.model), for the plans. */
  modelMentor: boolean;
  billing: Billing;
  /** Answers an IČO from the ARES register (registry/registry-lookup.ts). */
  registryLookup: (ico: string) => Promise<unknown>;
  /** The app's public address, for the calendar feed's links (config.siteUrl). */
  siteUrl: string;
  rateLimits: RateLimits;
  db: Db;
  reminders: {
    /** Push services a subscription may name (config.pushServiceHosts). */
    pushServiceHosts: readonly string[];
    vapidPublicKey: string;
    /** Signs and checks the reminder e-mails' unsubscribe links (reminders/unsubscribe-links.ts). */
    unsubscribeSecret: Buffer;
  };
}

/**
 * The data API, mounted at /api/v1. This file is the route table: every endpoint is registered
 * here, readable top to bottom. Request and response shapes are zod schemas from
 * `@partak/domain/api`; a request that fails them is a 400 `validation_failed` naming the bad
 * fields (lib/http-error.ts), and errors have the one documented shape (ADR 008).
 */
export async function dataApi(app: FastifyInstance, options: ApiOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  api.decorateRequest('user', null);
  guardInput(app);

  configRoute(api, {
    anonKey: options.anonKey,
    vapidPublicKey: options.reminders.vapidPublicKey,
    billing: options.billing.enabled,
    modelMentor: options.modelMentor,
    freeLimits: options.billing.freeLimits,
  });
  await billingWebhookRoute(api, {
    billing: options.billing,
    limit: rateLimitFor(options.rateLimits.data, 'billing-webhook'),
  });
  unsubscribeRoute(api, {
    db: options.db,
    limit: options.rateLimits.verify,
    secret: options.reminders.unsubscribeSecret,
  });
  deviceReminderRoutes(api, {
    db: options.db,
    limit: options.rateLimits.verify,
    pushServiceHosts: options.reminders.pushServiceHosts,
  });
  registryRoute(api, { limit: options.rateLimits.verify, lookup: options.registryLookup });
  calendarFileRoute(api, {
    db: options.db,
    limit: options.rateLimits.verify,
    siteUrl: options.siteUrl,
  });
  chatRoute(api, {
    verifier: options.verifier,
    mentor: options.mentor,
    usage: options.billing.enabled ? options.billing.limits : undefined,
    modelMentor: options.modelMentor,
    limit: options.rateLimits.chat,
  });
  // The signed-in user's data (ADR 011): every route in this scope needs a valid access
  // token, acts only on that user's rows, and counts against their limit.
  await api.register(async (scope: ApiInstance) => {
    const limit = userDataScope(scope, options.verifier, options.rateLimits.data);
    const routes = { db: options.db, limit };
    goalRoutes(scope, routes);
    conversationRoutes(scope, { ...routes, usage: options.billing.limits });
    activityAndSettingsRoutes(scope, routes);
    reviewRoutes(scope, routes);
    businessProfileRoutes(scope, routes);
    calendarFeedRoutes(scope, { ...routes, siteUrl: options.siteUrl });
    reminderRoutes(scope, { ...routes, pushServiceHosts: options.reminders.pushServiceHosts });
    accountRoutes(scope, {
      ...routes,
      billing: options.billing,
      passwordLimit: options.rateLimits.token,
    });
    billingRoutes(scope, { billing: options.billing, limit });
  });
  // Anything else under /api/v1 is the API's 404, never the web app (spa/serve-spa.ts).
}
