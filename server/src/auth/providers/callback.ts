import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { readBody, readQuery } from '../http/request-input.ts';
import { OPEN_QUERY } from './authorize.ts';
import { issueAuthCodeForFlow } from '../tokens/pkce.ts';
import { startSession } from '../tokens/session-response.ts';
import { claimOAuthFlow, discardFlow, type OAuthFlow } from './flow-states.ts';
import { profileFrom } from './profile.ts';
import { callbackUrl, type ProviderClients } from './providers.ts';
import {
  codeLocation,
  errorLocation,
  redirectErrorOf,
  sessionLocation,
  type RedirectError,
} from './redirects.ts';
import { linkToFlowUser } from './link-identity.ts';
import { accountFor } from './sign-in.ts';

/** What the provider sent: the query of a GET, or Apple's form POST (with the query, if any). */
function callbackParams(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams({
    ...readQuery(request, OPEN_QUERY),
    ...readBody(request, OPEN_QUERY),
  });
}

/** Where to send the browser after GET|POST /callback (GoTrue's external.go). */
export async function callbackLocation(
  context: AuthContext,
  clients: ProviderClients,
  request: FastifyRequest,
): Promise<string> {
  const params = callbackParams(request);
  const state = params.get('state');
  const flow = state ? await claimOAuthFlow(context.db, state) : undefined;
  if (!flow) {
    const failure = state
      ? new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state')
      : new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
    return errorLocation(context.siteUrl, redirectErrorOf(failure));
  }
  try {
    return await finish(context, clients, request, flow, params);
  } catch (error) {
    await discardFlow(context.db, flow.id).catch(() => undefined);
    return errorLocation(flow.data.redirectTo, tripletOf(request, error));
  }
}

/** The browser is mid-navigation: even a failure of ours goes back to the app, as a triplet. */
function tripletOf(request: FastifyRequest, error: unknown): RedirectError {
  if (error instanceof ProviderRefusal) return error.triplet;
  if (error instanceof AuthError) return redirectErrorOf(error);
  request.log.error({ err: error }, 'OAuth callback failed');
  return redirectErrorOf(
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again'),
  );
}

/** The provider's own error (e.g. `access_denied` when consent is refused), passed on as is. */
class ProviderRefusal extends Error {
  readonly triplet: RedirectError;

  constructor(params: URLSearchParams) {
    const error = params.get('error') ?? 'server_error';
    const description = params.get('error_description') || 'The provider refused the sign-in';
    super(description);
    this.triplet = { error, error_code: error, error_description: description };
  }
}

async function finish(
  context: AuthContext,
  clients: ProviderClients,
  request: FastifyRequest,
  flow: OAuthFlow,
  params: URLSearchParams,
): Promise<string> {
  if (flow.expiresAt.getTime() < Date.now()) {
    throw new AuthError(422, 'flow_state_expired', 'Flow state has expired, please try again');
  }
  if (params.has('error')) throw new ProviderRefusal(params);
  const tokens = await exchangeCode(clients, context, request, flow, params);
  const profile = profileFrom(flow.provider, tokens.claims, params.get('user') ?? undefined);
  const record = flow.data.linkUserId
    ? await linkToFlowUser(context, request, flow.data.linkUserId, flow.provider, profile)
    : await accountFor(context, request, flow.provider, profile);

  if (flow.pkce) {
    const code = await issueAuthCodeForFlow(context.db, flow.id, record.user.id);
    return codeLocation(flow.data.redirectTo, code);
  }
  await discardFlow(context.db, flow.id);
  const session = await startSession(context, request, record.user.id, 'oauth', {
    audit: { action: 'login', details: { provider: flow.provider } },
  });
  return sessionLocation(flow.data.redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    provider_token: tokens.accessToken,
    ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
  });
}

/**
 * Trades the provider's code for tokens with our PKCE verifier, and has openid-client check the
 * answer: the `state` is this flow's, the ID token is signed by the provider's keys, issued by it
 * for our client, unexpired, and carries this flow's nonce.
 */
async function exchangeCode(
  clients: ProviderClients,
  context: AuthContext,
  request: FastifyRequest,
  flow: OAuthFlow,
  params: URLSearchParams,
) {
  const current = new URL(callbackUrl(context));
  for (const [key, value] of params) if (key !== 'user') current.searchParams.set(key, value);
  try {
    const configuration = await clients(flow.provider);
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.data.verifier,
      expectedState: flow.id,
      expectedNonce: flow.data.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return { claims, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  } catch (error) {
    request.log.warn({ err: error, provider: flow.provider }, 'OAuth code exchange failed');
    throw new AuthError(500, 'bad_oauth_callback', 'Unable to exchange external code');
  }
}
