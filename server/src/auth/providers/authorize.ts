import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AuthContext } from '../auth-context.ts';
import { z } from 'zod/mini';
import { AuthError } from '../http/auth-error.ts';
import { readQuery, requestInput } from '../http/request-input.ts';
import { readPkceChallenge } from '../tokens/pkce.ts';
import { safeRedirect } from '../http/request-details.ts';
import { startOAuthFlow } from './flow-states.ts';
import {
  callbackUrl,
  isKnownProvider,
  PROVIDER_TRAITS,
  type OAuthProviderName,
  type ProviderClients,
} from './providers.ts';

/**
 * Query keys that are ours, never forwarded: the provider must see our client, redirect URI,
 * state, nonce and PKCE pair, not values someone put in the link (GoTrue's reservedOAuthParams).
 * Everything else (`access_type`, `prompt`, `login_hint`…) goes on to the provider.
 */
const RESERVED = new Set([
  'provider',
  'scopes',
  'code_challenge',
  'code_challenge_method',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_verifier',
]);

/** The whole query, one value per key (the first of a repeated one): the rest is forwarded. */
export const OPEN_QUERY = requestInput('ProviderParams', z.record(z.string(), z.string()));
type Query = Partial<Record<string, string>>;

/** The provider asked for: unknown, or known but not configured, is Supabase's 400. */
function chosenProvider(context: AuthContext, query: Query): OAuthProviderName {
  const name = query.provider ?? '';
  const provider = name.toLowerCase();
  if (!isKnownProvider(provider)) {
    throw new AuthError(
      400,
      'validation_failed',
      `Unsupported provider: Provider ${name} could not be found`,
    );
  }
  if (!context.oauth[provider]) {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  }
  return provider;
}

/** The defaults plus the app's `scopes` (space or comma separated), each once. */
function scopesFor(provider: OAuthProviderName, extra: string | undefined): string {
  const asked = (extra ?? '').split(/[\s,]+/).filter(Boolean);
  return [...new Set([...PROVIDER_TRAITS[provider].scopes, ...asked])].join(' ');
}

/** An empty `code_challenge=` counts as none, like GoTrue's. */
const challengeOf = (query: Query) =>
  readPkceChallenge({
    code_challenge: query.code_challenge || undefined,
    code_challenge_method: query.code_challenge_method || undefined,
  });

/**
 * GET /authorize, as in GoTrue: records the flow and returns the provider's authorization URL
 * to redirect to. The provider leg always uses PKCE (S256) with a verifier of our own and a nonce,
 * whether or not the app itself uses PKCE towards us: the state stops a forged callback, PKCE
 * stops a stolen or injected code being redeemed, and the nonce ties the ID token to this flow.
 * `linkUserId` (GET /user/identities/authorize): the flow adds the identity to that user.
 */
export async function authorizationUrl(
  context: AuthContext,
  clients: ProviderClients,
  request: FastifyRequest,
  linkUserId?: string,
): Promise<string> {
  const query: Query = readQuery(request, OPEN_QUERY);
  const provider = chosenProvider(context, query);
  const pkce = challengeOf(query);
  const configuration = await clients(provider).catch((error: unknown) => {
    request.log.error({ err: error, provider }, 'provider discovery failed');
    throw new AuthError(503, 'unexpected_failure', `Unable to reach ${provider}, try again later`);
  });

  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const redirectTo = safeRedirect(query.redirect_to, context.siteUrl);
  const state = await startOAuthFlow(context.db, {
    provider,
    pkce,
    data: { redirectTo, verifier, nonce, ...(linkUserId ? { linkUserId } : {}) },
  });

  const forwarded = Object.entries(query).flatMap(([key, value]) =>
    RESERVED.has(key.toLowerCase()) || value === undefined
      ? []
      : [[key, value] as [string, string]],
  );
  const { responseMode } = PROVIDER_TRAITS[provider];
  const parameters = new URLSearchParams([
    ...forwarded,
    ['redirect_uri', callbackUrl(context)],
    ['response_type', 'code'],
    ['scope', scopesFor(provider, query.scopes)],
    ['state', state],
    ['nonce', nonce],
    ['code_challenge', await client.calculatePKCECodeChallenge(verifier)],
    ['code_challenge_method', 'S256'],
    ...(responseMode ? [['response_mode', responseMode] as [string, string]] : []),
  ]);
  return client.buildAuthorizationUrl(configuration, parameters).href;
}
