import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@partak/domain/product';
import type { Database } from '../db/client.ts';
import { renderErrorsAs } from '../lib/error-handler.ts';
import { guardInput } from '../lib/input-guard.ts';
import { adminRoutes } from './admin/index.ts';
import { apiKeyGate, serviceRoleKey } from './http/api-key.ts';
import { AuthError, renderAuthError } from './http/auth-error.ts';
import { providerSignInRoutes } from './routes/oauth.ts';
import { oauthServerRoutes } from './oauth-server/routes.ts';
import { configuredProviders } from './providers/providers.ts';
import { factorRoutes } from './routes/factors.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { identityRoutes } from './routes/identities.ts';
import { jwksRoute } from './routes/jwks.ts';
import { settingsRoute } from './routes/settings.ts';
import { createAuthContext, type AuthSettings } from './auth-context.ts';
import { reauthenticateRoute } from './routes/reauthenticate.ts';
import { recoverRoute } from './routes/recover.ts';
import { otpRoute } from './routes/otp.ts';
import { resendRoute } from './routes/resend.ts';
import { signupRoute } from './routes/signup.ts';
import { ssoRoutes } from './routes/sso.ts';
import { updateUserRoute } from './routes/update-user.ts';
import { verifyRoute } from './routes/verify.ts';
import { logoutRoute } from './routes/logout.ts';
import { tokenRoute } from './routes/token.ts';
import { userRoute } from './routes/user.ts';

export interface AuthOptions extends AuthSettings {
  database: Database;
  /** The public API key every request must carry (resolved once, see api-key.ts). */
  anonKey: string;
}

/**
 * Routes a browser reaches by navigation, or that must stay public: no apikey
 * (docs/auth-compatibility.md#the-apikey-gate).
 */
const OPEN_PATHS = [
  '/verify',
  '/callback',
  '/authorize',
  '/.well-known/jwks.json',
  '/sso/saml/acs',
  '/sso/saml/metadata',
  // The OAuth server's own (oauth-server/): third-party apps and their users' browsers, which
  // cannot know our apikey; each route authenticates its caller itself.
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/userinfo',
  '/oauth/clients/register',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];

/**
 * The Supabase-Auth-compatible API, mounted at /auth/v1. This file is the route table: every
 * endpoint is registered here, with what guards it, readable top to bottom. Every endpoint of the
 * whole server, as Fastify sees them, is listed in server/src/routes.snapshot.txt (routes.test.ts),
 * so a change to the surface shows in review.
 *
 * One convention, here and in api/: a route module exports `…Route(app, …)` or `…Routes(app, …)`,
 * named after its endpoint, which registers on the instance it is given; a group that needs hooks
 * or body parsers of its own (passkeys, provider sign-in, the OAuth server, the admin API) opens
 * its own scope with `app.register` inside that function. Each route reads its input through
 * http/request-input.ts: one zod/mini schema for the body, one for the query.
 */
export async function authApi(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db } = options.database;
  // Every failure under /auth/v1 is written in GoTrue's shapes (auth-error.ts).
  renderErrorsAs(app, renderAuthError);
  guardInput(app);
  const context = await createAuthContext(db, options);
  // Made now, so the first sign-in does not race other instances for it.
  await context.signingKey();
  const secret = await serviceRoleKey(db, options.options.serviceRoleKey);
  if (secret.generated) {
    // The one time the generated key is shown: it stays in the database, never logged again.
    app.log.warn(
      `AUTH_SERVICE_ROLE_KEY is not set, so a service-role key for the admin API (/auth/v1/admin) was generated: ${secret.key} — it is shown this once only; keep it secret, on servers only.`,
    );
  }

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'accept',
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
    ],
    exposedHeaders: ['x-supabase-api-version', 'x-total-count', 'link'],
    maxAge: 600,
  });

  // supabase-js sends `Content-Type: application/json` on every POST, even a bodiless logout: an
  // empty body is no body, not malformed JSON. Anything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  const gate = apiKeyGate([options.anonKey, secret.key]);
  // AUTH_API_KEY_REQUIRED=false: bare GoTrue, which never looks at `apikey` (a gateway in front
  // does, or nothing). The admin API checks the service-role key itself either way (admin/guard.ts).
  const apiKeyRequired = options.options.apiKeyRequired;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || !apiKeyRequired) return undefined;
    const path = request.url
      .slice(request.url.indexOf('/auth/v1') + '/auth/v1'.length)
      .split('?')[0];
    if (OPEN_PATHS.includes(path ?? '')) return undefined;
    return gate(request, reply);
  });

  app.get('/health', async () => ({
    version: APP_VERSION,
    name: 'Parťák Auth',
    description: 'Parťák Auth is a Supabase-Auth-compatible user management API.',
  }));
  // Phone sign-in is always on: codes go to SMS_WEBHOOK_URL, or to the log without one.
  settingsRoute(
    app,
    new Set(['email', 'phone', ...configuredProviders(options.oauth)]),
    options.options,
  );
  jwksRoute(app, db, options.tokenLifetimeSeconds);
  providerSignInRoutes(app, context);
  signupRoute(app, context);
  verifyRoute(app, context);
  tokenRoute(app, context);
  recoverRoute(app, context);
  otpRoute(app, context); // e-mail magic links and texted codes
  resendRoute(app, context);
  userRoute(app, context);
  updateUserRoute(app, context);
  logoutRoute(app, context);
  factorRoutes(app, context);
  // Passkey sign-in and the user's passkeys (AUTH_PASSKEY_ENABLED; docs/decisions/016).
  passkeyRoutes(app, context);
  reauthenticateRoute(app, context); // GET /reauthenticate: the nonce for a password change
  ssoRoutes(app); // /sso/*: no SAML here, GoTrue's refusal
  // Unlinking; linking starts among the provider routes (oauth.ts) and at /token (id_token).
  identityRoutes(app, context);
  // "Sign in with Parťák": the OAuth 2.1 authorization server (AUTH_OAUTH_SERVER_ENABLED).
  oauthServerRoutes(app, context);
  // The admin API (/admin/*, /invite): service role only; more route sets join ADMIN_ROUTES.
  adminRoutes(app, context, { serviceRoleKey: secret.key, anonKey: options.anonKey });

  // Anything else under /auth/v1 is an auth API 404, never the web app.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async () => {
      throw new AuthError(404, 'not_found', 'Not Found');
    },
  });
}
