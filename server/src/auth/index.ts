import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@partak/domain/product';
import type { Database } from '../db/client.ts';
import { renderErrorsAs } from '../lib/error-handler.ts';
import { guardInput } from '../lib/input-guard.ts';
import { apiKeyGate } from './api-key.ts';
import { AuthError, renderAuthError } from './auth-error.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { configuredProviders } from './oauth/providers.ts';
import { factorRoutes } from './routes/factors.ts';
import { jwksRoute } from './routes/jwks.ts';
import { settingsRoute } from './routes/settings.ts';
import { createAuthContext, type AuthSettings } from './auth-context.ts';
import { recoverRoute } from './routes/recover.ts';
import { otpRoute } from './routes/otp.ts';
import { resendRoute } from './routes/resend.ts';
import { signupRoute } from './routes/signup.ts';
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

/** Routes a browser reaches by navigation, or that must stay public: no apikey (contract §4.9). */
const OPEN_PATHS = ['/verify', '/callback', '/authorize', '/.well-known/jwks.json'];

/**
 * The Supabase-Auth-compatible API, mounted at /auth/v1. This file is the route table: every
 * endpoint is registered here, with what guards it, readable top to bottom.
 */
export async function authApi(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db } = options.database;
  // Every failure under /auth/v1 is written in GoTrue's shapes (auth-error.ts).
  renderErrorsAs(app, renderAuthError);
  guardInput(app);
  const context = await createAuthContext(db, options);
  // Made now, so the first sign-in does not race other instances for it.
  await context.signingKey();

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
    exposedHeaders: ['x-supabase-api-version'],
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

  const gate = apiKeyGate(options.anonKey);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return undefined;
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
  settingsRoute(app, new Set(['email', 'phone', ...configuredProviders(options.oauth)]));
  jwksRoute(app, db, options.tokenLifetimeSeconds);
  await app.register(oauthRoutes(context));
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

  // Anything else under /auth/v1 is an auth API 404, never the web app.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async () => {
      throw new AuthError(404, 'not_found', 'Not Found');
    },
  });
}
