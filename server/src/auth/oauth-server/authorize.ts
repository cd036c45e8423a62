import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { findClient } from './clients-store.ts';
import { createAuthorization, dropExpiredAuthorizations } from './authorizations-store.ts';
import { errorRedirect } from './redirects.ts';
import { DEFAULT_SCOPE, scopeList, SUPPORTED_SCOPES } from './scopes.ts';

const NAMES = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'resource',
  'code_challenge',
  'code_challenge_method',
  'nonce',
] as const;
type Query = Record<(typeof NAMES)[number], string>;

/** The query as Go's `Query().Get` reads it: the first value of each name, '' when absent. */
function queryOf(request: FastifyRequest): Query {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  const query = {} as Query;
  for (const name of NAMES) {
    const value = raw[name];
    const first: unknown = Array.isArray(value) ? value[0] : value;
    query[name] = typeof first === 'string' ? first : '';
  }
  return query;
}

/** RFC 8707: an absolute URI without fragment or query. */
function resourceProblem(resource: string): string | undefined {
  if (!resource) return undefined;
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return 'resource must be an absolute URI';
  }
  if (resource.includes('#')) return 'resource must not include a fragment component';
  if (url.search) return 'resource must not include a query component';
  return undefined;
}

/**
 * The checks made once the client and redirect URI are known good, in GoTrue's order; a failure
 * goes back to the client as `error=invalid_request`. PKCE is required (OAuth 2.1), S256 or plain
 * as GoTrue accepts.
 */
function requestProblem(q: {
  responseType: string;
  scope: string;
  resource: string;
  challenge: string;
  method: string;
}) {
  if (q.responseType !== 'code') return 'only response_type=code is supported';
  const scopes = scopeList(q.scope);
  if (scopes.length === 0) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((scope) => !SUPPORTED_SCOPES.includes(scope));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  const resource = resourceProblem(q.resource);
  if (resource) return resource;
  if (!q.challenge || !q.method) {
    return 'PKCE flow requires both code_challenge and code_challenge_method';
  }
  if (!['s256', 'plain'].includes(q.method.toLowerCase())) {
    return "code_challenge_method must be 'S256' or 'plain'";
  }
  if (q.challenge.length < 43 || q.challenge.length > 128) {
    return 'code_challenge must be between 43 and 128 characters';
  }
  return undefined;
}

const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * GET /oauth/authorize (GoTrue's OAuthServerAuthorize), a browser navigation from the client:
 * problems with the client or its redirect URI are answered here (the URI cannot be trusted);
 * any other goes back to the client. A good request is stored as pending and the browser is sent
 * to the app's consent page with its handle.
 */
export function authorizeRoute(app: FastifyInstance, context: AuthContext): void {
  let lastCleanup = 0;
  app.get('/oauth/authorize', async (request, reply) => {
    const q = queryOf(request);
    if (!q.client_id) throw new AuthError(400, 'validation_failed', 'client_id is required');
    if (!q.redirect_uri) throw new AuthError(400, 'validation_failed', 'redirect_uri is required');
    if (!/^[0-9a-f-]{32,36}$/i.test(q.client_id)) {
      throw new AuthError(400, 'oauth_client_not_found', 'invalid client_id format');
    }
    const client = await findClient(context.db, q.client_id);
    if (!client) throw new AuthError(400, 'oauth_client_not_found', 'invalid client_id');
    // Exact string match (OAuth 2.1 §2.3.1): no prefix, no wildcard.
    if (!client.redirectUris.includes(q.redirect_uri)) {
      throw new AuthError(400, 'validation_failed', 'invalid redirect_uri');
    }
    const scope = q.scope || DEFAULT_SCOPE;
    const challenge = q.code_challenge;
    const method = q.code_challenge_method;
    const problem = requestProblem({
      responseType: q.response_type || 'code',
      scope,
      resource: q.resource,
      challenge,
      method,
    });
    if (problem) {
      return reply.redirect(
        errorRedirect(q.redirect_uri, 'invalid_request', problem, q.state),
        302,
      );
    }
    if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = Date.now();
      await dropExpiredAuthorizations(context.db);
    }
    const authorization = await createAuthorization(context.db, {
      clientId: client.id,
      redirectUri: q.redirect_uri,
      scope,
      state: q.state,
      resource: q.resource,
      codeChallenge: challenge,
      codeChallengeMethod: method,
      nonce: q.nonce,
    });
    // The site URL has no trailing slash (env.ts); the path starts with one.
    const consentPage = `${context.siteUrl}${context.options.oauthServer.authorizationPath}`;
    return reply.redirect(`${consentPage}?authorization_id=${authorization.authorizationId}`, 302);
  });
}
