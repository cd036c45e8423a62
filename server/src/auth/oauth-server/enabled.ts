import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';

/** GoTrue's requireOAuthServerEnabled: while AUTH_OAUTH_SERVER_ENABLED is off, nothing is there. */
export function requireOAuthServer(context: AuthContext): void {
  if (!context.options.oauthServer.enabled) {
    throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
  }
}
