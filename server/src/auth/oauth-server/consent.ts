import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import type { Db } from '../../db/client.ts';
import type { UserRecord } from '../users/users-repository.ts';
import {
  activeConsent,
  approve,
  lockAuthorization,
  setAuthorization,
  upsertConsent,
  type AuthorizationRow,
} from './authorizations-store.ts';
import { findClient } from './clients-store.ts';
import { firstPartyUser } from '../http/first-party.ts';
import { clientRedirect, errorRedirect } from './redirects.ts';
import { coversScopes, scopeList } from './scopes.ts';

const notFound = () =>
  new AuthError(404, 'oauth_authorization_not_found', 'authorization not found');

/**
 * GoTrue's validateRequestOrigin: a browser's request must come from our own site, where the
 * consent page lives (no Origin, as from a server or a native app, is allowed).
 */
function checkOrigin(context: AuthContext, request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) return;
  if (origin !== new URL(context.siteUrl).origin) {
    throw new AuthError(400, 'validation_failed', 'unauthorized request origin');
  }
}

/** The signed-in user of a consent request (401 without a valid token, as GoTrue's guard). */
async function signedInUser(context: AuthContext, request: FastifyRequest): Promise<UserRecord> {
  const { record } = await firstPartyUser(context, request);
  checkOrigin(context, request);
  return record;
}

/**
 * Locks the request with this handle and settles an expired one (marked, then not found; the
 * mark is kept although the answer is an error).
 */
async function lockLive(tx: Db, handle: string): Promise<AuthorizationRow | AuthError> {
  const authorization = await lockAuthorization(tx, handle);
  if (!authorization) return notFound();
  if (authorization.expiresAt.getTime() < Date.now()) {
    if (authorization.status === 'pending') {
      await setAuthorization(tx, authorization.id, { status: 'expired' });
    }
    return notFound();
  }
  return authorization;
}

const successRedirect = (authorization: AuthorizationRow, code: string) =>
  clientRedirect(authorization.redirectUri, { code, state: authorization.state });

/**
 * GET /oauth/authorizations/{id}: what the consent page shows. The first signed-in user to open
 * a request makes it theirs; when they already granted this client every scope asked for, it is
 * approved at once and the answer is the redirect back to the client (GoTrue's auto-approve).
 */
async function details(context: AuthContext, request: FastifyRequest) {
  const record = await signedInUser(context, request);
  const { user } = record;
  const { id: handle } = request.params as { id: string };
  const outcome = await context.db.transaction(async (tx) => {
    const authorization = await lockLive(tx, handle);
    if (authorization instanceof AuthError) return authorization;
    if (authorization.status !== 'pending') {
      throw new AuthError(400, 'validation_failed', 'authorization request cannot be processed');
    }
    if (authorization.userId && authorization.userId !== user.id) throw notFound();
    if (!authorization.userId) {
      await setAuthorization(tx, authorization.id, { userId: user.id });
      const consent = await activeConsent(tx, user.id, authorization.clientId);
      if (consent && coversScopes(scopeList(consent.scopes), scopeList(authorization.scope))) {
        return { redirect_url: successRedirect(authorization, await approve(tx, authorization)) };
      }
    }
    return authorization;
  });
  if (outcome instanceof AuthError) throw outcome;
  if ('redirect_url' in outcome) return outcome;
  const client = await findClient(context.db, outcome.clientId);
  if (!client) throw notFound();
  return {
    authorization_id: outcome.authorizationId,
    redirect_uri: outcome.redirectUri,
    client: {
      id: client.id,
      ...(client.clientName ? { name: client.clientName } : {}),
      ...(client.clientUri ? { uri: client.clientUri } : {}),
      ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    },
    user: { id: user.id, ...(user.email ? { email: user.email } : {}) },
    scope: outcome.scope,
  };
}

/** The consent body: `{action: 'approve' | 'deny'}`. */
function actionOf(body: unknown): 'approve' | 'deny' {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new AuthError(400, 'bad_json', 'invalid JSON body');
  }
  const action = (body as { action?: unknown } | null | undefined)?.action;
  if (action !== undefined && action !== null && typeof action !== 'string') {
    throw new AuthError(400, 'bad_json', 'invalid JSON body');
  }
  if (action !== 'approve' && action !== 'deny') {
    throw new AuthError(400, 'validation_failed', "action must be 'approve' or 'deny'");
  }
  return action;
}

/**
 * POST /oauth/authorizations/{id}/consent: the user's decision on their pending request. Approval
 * records the grant and returns the redirect with a code; denial the redirect with
 * `error=access_denied` (RFC 6749 §4.1.2.1). The consent page sends the browser there.
 */
async function decide(context: AuthContext, request: FastifyRequest) {
  const { user } = await signedInUser(context, request);
  const action = actionOf(request.body);
  const { id: handle } = request.params as { id: string };
  const outcome = await context.db.transaction(async (tx) => {
    const authorization = await lockLive(tx, handle);
    if (authorization instanceof AuthError) return authorization;
    if (authorization.status !== 'pending') {
      throw new AuthError(400, 'validation_failed', 'authorization request is no longer pending');
    }
    if (authorization.userId !== user.id) throw notFound();
    if (action === 'deny') {
      await setAuthorization(tx, authorization.id, { status: 'denied' });
      const { redirectUri, state } = authorization;
      return errorRedirect(redirectUri, 'access_denied', 'User denied the request', state);
    }
    const code = await approve(tx, authorization);
    await upsertConsent(tx, user.id, authorization.clientId, authorization.scope);
    return successRedirect(authorization, code);
  });
  if (outcome instanceof AuthError) throw outcome;
  return { redirect_url: outcome };
}

export function consentRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/oauth/authorizations/:id', async (request) => details(context, request));
  app.post('/oauth/authorizations/:id/consent', async (request) => decide(context, request));
}
