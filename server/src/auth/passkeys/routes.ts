import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { passkeyAuthenticationRoutes } from './authentication.ts';
import { passkeyManageRoutes } from './manage.ts';
import { requireEnabled } from './passkey-wire.ts';
import { passkeyRegistrationRoutes } from './registration.ts';

/**
 * Passkeys as a first factor, under /passkeys (GoTrue's route group): sign-in, registration and
 * the user's own list. A scope of its own, so the on/off switch guards these routes alone and
 * answers before anything else — sign-in, rate limit — is looked at.
 */
export function passkeyRoutes(parent: FastifyInstance, context: AuthContext): void {
  void parent.register(async (app) => {
    app.addHook('onRequest', async () => requireEnabled(context));
    passkeyAuthenticationRoutes(app, context);
    passkeyRegistrationRoutes(app, context);
    passkeyManageRoutes(app, context);
  });
}
