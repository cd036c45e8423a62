import './lib/zod-english.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config/env.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { registerErrorHandler, renderApiError } from './lib/error-handler.ts';
import { toHttpError } from './lib/http-error.ts';
import { registerEventStreams } from './lib/event-streams.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { requestSerializer } from './lib/log-serializers.ts';
import { authApi } from './auth/index.ts';
import { createAccessVerifier } from './auth/tokens/access-verifier.ts';
import { anonKey } from './auth/http/api-key.ts';
import { renderAuthError } from './auth/http/auth-error.ts';
import { realSleep, type Sleep } from './auth/policies/sign-in-delay.ts';
import { dataApi } from './api/index.ts';
import { createBilling } from './billing/billing-service.ts';
import { stripeProvider } from './billing/stripe-provider.ts';
import { registryLookup } from './registry/registry-lookup.ts';
import { createMentor } from './mentor/index.ts';
import { registerRateLimits } from './lib/rate-limit.ts';
import { registerHealthz } from './health/healthz.ts';
import { logMailer } from './mail/log-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { smtpMailer } from './mail/smtp-mailer.ts';
import { logSmsSender, webhookSmsSender, type SmsSender } from './sms/sms-sender.ts';
import { serveSpa } from './spa/serve-spa.ts';
import { startReminderScheduler } from './reminders/scheduler.ts';
import { unsubscribeSecret } from './reminders/unsubscribe-links.ts';
import { vapidKeys, vapidSubject, type VapidKeys } from './reminders/vapid-keys.ts';

export interface AppDependencies {
  /** A database opened by the caller (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Where mail goes; without one, mail is written to the log. */
  mailer?: Mailer;
  /** Where phone codes go; without one, SMS_WEBHOOK_URL or the log. */
  sms?: SmsSender;
  /** Where the log is written; standard output unless given (tests read it). */
  logStream?: { write(line: string): unknown };
  /** How a slowed sign-in waits (auth/policies/sign-in-delay.ts); a timer unless given (tests). */
  sleep?: Sleep;
  /** The clock billing reads (trial ends, grace days, the month's allowance); tests move it. */
  now?: () => Date;
}

/** Builds the whole application without listening; main.ts listens, tests call `inject`. */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const database =
    deps.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
    }));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // A URL Fastify cannot decode (`%FF`) or a path parameter past its length is refused before
    // routing, where no error handler runs: without this its own body would go out, naming its
    // internal error code, in neither API's shape.
    frameworkErrors: (error, request, reply) => {
      const render = request.url.startsWith('/auth/v1/') ? renderAuthError : renderApiError;
      return render(request, reply, toHttpError(error));
    },
  });
  // The app owns a database it opened itself; one handed in is the caller's to close.
  if (!deps.database) app.addHook('onClose', () => database.close());

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerEventStreams(app);
  // From 4 KiB: compressing a session (~1.5 KiB, mostly a signed token that barely shrinks) cost
  // 13 % of the refresh grant's CPU (ADR 013); long lists and articles are still compressed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 4096 });
  await registerRateLimits(app, database.db);
  registerHealthz(app, database);
  const publicKey = await anonKey(database.db, config.authAnonKey);
  const mailer = deps.mailer ?? chooseMailer(app, config);
  const [vapid, unsubscribe] = await Promise.all([
    vapidKeys(database.db),
    unsubscribeSecret(database.db),
  ]);
  const issuer = `${config.siteUrl}/auth/v1`;
  // One verifier of access tokens for the auth API and the data API alike.
  const verifier = createAccessVerifier(database.db, {
    issuer,
    tokenLifetimeSeconds: config.jwtExpSeconds,
  });
  await app.register(authApi, {
    prefix: '/auth/v1',
    database,
    anonKey: publicKey,
    verifier,
    issuer,
    tokenLifetimeSeconds: config.jwtExpSeconds,
    refreshReuseSeconds: config.refreshReuseSeconds,
    siteUrl: config.siteUrl,
    mailer,
    passwordMinLength: config.passwordMinLength,
    otpLifetimeSeconds: 24 * 3600,
    emailFrequencySeconds: 60,
    rateLimits: config.rateLimits,
    mfa: {
      webauthn: config.providers.webauthn,
      sms:
        deps.sms ??
        (config.providers.smsWebhookUrl
          ? webhookSmsSender(config.providers.smsWebhookUrl)
          : logSmsSender(app.log)),
    },
    oauth: { google: config.providers.google, apple: config.providers.apple },
    options: config.auth,
    sleep: deps.sleep ?? realSleep,
  });
  const billing = createBilling(config.billing, {
    db: database.db,
    provider: config.billing.stripe && stripeProvider(config.billing.stripe),
    siteUrl: config.siteUrl,
    log: app.log,
    now: deps.now ?? (() => new Date()),
  });
  app.addHook('onClose', async () => billing.stop());
  await app.register(dataApi, {
    prefix: '/api/v1',
    verifier,
    anonKey: publicKey,
    mentor: await createMentor(config.mentor, app.log),
    modelMentor: config.mentor.model !== undefined,
    billing,
    siteUrl: config.siteUrl,
    registryLookup: registryLookup(config.aresBaseUrl),
    rateLimits: config.rateLimits,
    db: database.db,
    reminders: {
      pushServiceHosts: config.pushServiceHosts,
      vapidPublicKey: vapid.publicKey,
      unsubscribeSecret: unsubscribe,
    },
  });
  await serveSpa(app, config.webRoot);
  startReminders(app, { config, db: database.db, mailer, vapid, unsubscribe });

  return app;
}

/** The weekly review reminders' scheduler, stopped (its current look finished) with the app. */
function startReminders(
  app: FastifyInstance,
  deps: { config: Config; db: Db; mailer: Mailer; vapid: VapidKeys; unsubscribe: Buffer },
): void {
  const { config } = deps;
  const scheduler = startReminderScheduler({
    db: deps.db,
    mailer: deps.mailer,
    vapid: deps.vapid,
    subject: vapidSubject(config.siteUrl, config.mailFrom),
    siteUrl: config.siteUrl,
    unsubscribeSecret: deps.unsubscribe,
    pushServiceHosts: config.pushServiceHosts,
    log: app.log,
  });
  app.addHook('onClose', () => scheduler.stop());
}

/** SMTP when SMTP_URL is set (closed with the app); otherwise each mail is written to the log. */
function chooseMailer(app: FastifyInstance, config: Config): Mailer {
  if (!config.smtpUrl) return logMailer(app.log);
  const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => smtp.close());
  return smtp;
}
