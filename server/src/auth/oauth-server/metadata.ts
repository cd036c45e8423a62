import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { SUPPORTED_SCOPES } from './scopes.ts';

/**
 * The authorization server's metadata (RFC 8414), which is also its OpenID Connect discovery
 * document (GoTrue's WellKnownOpenID serves both): where each endpoint is and what it supports.
 * The registration endpoint is named only while dynamic registration is on.
 */
export function serverMetadata(context: AuthContext) {
  const issuer = context.issuer.replace(/\/+$/, '');
  const { enabled, allowDynamicRegistration } = context.options.oauthServer;
  return {
    issuer: context.issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    ...(enabled && allowDynamicRegistration
      ? { registration_endpoint: `${issuer}/oauth/clients/register` }
      : {}),
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    // Our tokens are signed with ES256 only (signing-keys-repository.ts).
    id_token_signing_alg_values_supported: ['ES256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
    claims_supported: [
      'sub',
      'aud',
      'iss',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      'name',
      'picture',
      'preferred_username',
      'updated_at',
    ],
  };
}

/** GET /.well-known/openid-configuration: always served, as in GoTrue. */
export function openIdConfigurationRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/.well-known/openid-configuration', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return serverMetadata(context);
  });
}

/** GET /.well-known/oauth-authorization-server: only while the OAuth server is on. */
export function authorizationServerMetadataRoute(app: FastifyInstance, context: AuthContext) {
  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return serverMetadata(context);
  });
}
