import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { bearerToken } from '../tokens/access-verifier.ts';
import { givenApiKey, sameKey } from '../http/api-key.ts';

/** The keys the admin API tells apart: the secret service-role key and the public anon key. */
export interface AdminKeys {
  serviceRoleKey: string;
  anonKey: string;
}

/** GoTrue's default GOTRUE_JWT_ADMIN_ROLES: a token with one of these roles is an admin's. */
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/** A session id that names no session: GoTrue treats it as a sessionless token. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');

/**
 * Who may use the admin API (GoTrue's requireAdminCredentials behind Supabase's gateway):
 * - the service-role key, as `Authorization: Bearer <key>`, or as `apikey` when the bearer is
 *   absent or is itself an opaque key (the gateway then swaps in the apikey's role);
 * - a token signed by our own keys whose `role` is an admin role. A token naming a session must
 *   still have that session and user (a signed-out admin token stops working), as in GoTrue.
 * Anything else — the anon key, a user's token — is GoTrue's 403 `not_admin`.
 * Keys are compared in constant time (sameKey): the service-role key is a bearer secret that
 * anyone can try to guess over the network, and timing must not reveal how close a guess was.
 */
export function adminGuard(context: AuthContext, keys: AdminKeys) {
  const isServiceKey = (value: string | undefined) =>
    value !== undefined && sameKey(value, keys.serviceRoleKey);
  const isOpaqueKey = (value: string) => value.startsWith('sb_') || sameKey(value, keys.anonKey);

  return async (request: FastifyRequest): Promise<void> => {
    const bearer = bearerToken(request);
    // Nothing at all (only possible with AUTH_API_KEY_REQUIRED=false): bare GoTrue's 401.
    if (bearer === '' && givenApiKey(request) === undefined) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    if (bearer === '' || isOpaqueKey(bearer)) {
      if (isServiceKey(bearer) || isServiceKey(givenApiKey(request))) return;
      throw notAdmin();
    }
    if (isServiceKey(bearer)) return;
    const claims = await context.verifier.verify(bearer);
    if (claims.session_id && claims.session_id !== NIL_UUID) {
      await context.verifier.authenticate(request);
    }
    if (!ADMIN_ROLES.includes(claims.role)) throw notAdmin();
  };
}
