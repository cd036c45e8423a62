import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { authenticationRoutes } from './authentication.ts';
import { manageRoutes } from './manage.ts';
import { requireEnabled } from './passkey-wire.ts';
import { registrationRoutes } from './registration.ts';

/**
 * Passkeys as a first factor, under /passkeys (GoTrue's route group): sign-in, registration and
 * the user's own list. A plugin of its own, so the on/off switch guards these routes alone and
 * answers before anything else — sign-in, rate limit — is looked at.
 */
export function passkeyRoutes(context: AuthContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async () => requireEnabled(context));
    authenticationRoutes(app, context);
    registrationRoutes(app, context);
    manageRoutes(app, context);
  };
}
