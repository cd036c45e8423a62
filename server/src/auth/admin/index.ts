import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { adminFactorRoutes } from './factors.ts';
import { adminGuard, type AdminKeys } from './guard.ts';
import { inviteRoute } from './invite.ts';
import { adminLinkRoutes } from './links.ts';
import { adminUserRoutes } from './users.ts';
import { adminPasskeyRoutes } from '../passkeys/admin-passkeys.ts';
import { adminOAuthClientRoutes } from '../oauth-server/admin-clients.ts';

export type { AdminKeys } from './guard.ts';

/** A set of admin routes: registered inside the admin scope, so the guard covers every one. */
type AdminRoutes = (app: FastifyInstance, context: AuthContext) => void;

/** The admin API's route sets: users, links, factors, invitations, passkeys, OAuth clients. */
const ADMIN_ROUTES: readonly AdminRoutes[] = [
  adminUserRoutes,
  adminLinkRoutes,
  adminFactorRoutes,
  inviteRoute,
  adminPasskeyRoutes,
  adminOAuthClientRoutes,
];

/**
 * The admin API (GoTrue's `/admin/*` and `/invite`) as one encapsulated scope: the guard runs
 * before every route registered in it (guard.ts), and nothing registered outside it is affected.
 */
export function adminRoutes(app: FastifyInstance, context: AuthContext, keys: AdminKeys): void {
  void app.register(async (scope) => {
    const guard = adminGuard(context, keys);
    scope.addHook('onRequest', async (request) => guard(request));
    for (const routes of ADMIN_ROUTES) routes(scope, context);
  });
}
