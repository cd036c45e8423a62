import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, OAuthError } from '../http/auth-error.ts';
import { hashToken, safeEqual } from '../../lib/secure-random.ts';
import type { IdTokenProvider } from './id-token-provider.ts';
import { providerClients } from './providers.ts';

/** What the app sent with the ID token. */
export interface IdTokenInput {
  idToken: string;
  /** The provider's access token, when the app has one: checked against the token's `at_hash`. */
  accessToken: string;
  /** The raw nonce the app made; the token must carry its SHA-256 (hex). */
  nonce: string;
}

/** Checks an ID token and returns its claims, or throws GoTrue's refusal. */
export type IdTokenVerifier = (
  provider: IdTokenProvider,
  input: IdTokenInput,
  log: FastifyBaseLogger,
) => Promise<JWTPayload>;

/** GoTrue refuses ID tokens in the OAuth shape, `error` being "invalid request" (with a space). */
const refused = (description: string) => new OAuthError('invalid request', description);

/** Signature algorithms an ID token may use: asymmetric only, never `none` or a shared secret. */
const ASYMMETRIC = /^(?:(?:RS|PS|ES)(?:256|384|512)|EdDSA)$/;

/**
 * The verifier of one server. Each provider's discovery document is read once (providers.ts),
 * and its key set is fetched from the document's `jwks_uri` and kept by jose: for ten minutes,
 * fetched again at once (at most every 30 s) when a token names a key it does not know — the way
 * providers rotate keys — and never fetched per request.
 */
export function idTokenVerifier(oauth: AuthContext['oauth']): IdTokenVerifier {
  const clients = providerClients(oauth);
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetAt = (uri: string) => {
    let keys = keySets.get(uri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000 });
      keySets.set(uri, keys);
    }
    return keys;
  };

  return async (provider, input, log) => {
    const metadata = await clients(provider.name).then(
      (configuration) => configuration.serverMetadata(),
      (error: unknown) => {
        log.error({ err: error, provider: provider.name }, 'provider discovery failed');
        throw unreachable(provider.name);
      },
    );
    if (!metadata.jwks_uri) throw unreachable(provider.name);
    const algorithms = (metadata.id_token_signing_alg_values_supported ?? ['RS256']).filter((alg) =>
      ASYMMETRIC.test(alg),
    );
    let claims: JWTPayload;
    let alg: string;
    try {
      const verified = await jwtVerify(input.idToken, keySetAt(metadata.jwks_uri), {
        issuer: provider.issuers,
        algorithms,
        requiredClaims: ['exp'],
      });
      ({ payload: claims } = verified);
      ({ alg } = verified.protectedHeader);
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || error instanceof TypeError) {
        log.error({ err: error, provider: provider.name }, 'provider keys unreachable');
        throw unreachable(provider.name);
      }
      log.info({ err: error, provider: provider.name }, 'ID token refused');
      throw refused('Bad ID token');
    }
    checkClaims(claims, alg, provider, input);
    return claims;
  };
}

const unreachable = (provider: string) =>
  new AuthError(503, 'unexpected_failure', `Unable to reach ${provider}, try again later`);

/** GoTrue's checks after the signature, in its order (token_oidc.go `IdTokenGrant`). */
function checkClaims(
  claims: JWTPayload,
  alg: string,
  provider: IdTokenProvider,
  input: IdTokenInput,
): void {
  // Claims of the wrong type fail GoTrue's decoding of the token, so they are a bad token too;
  // so is a NUL character, which no provider issues and the database could not keep.
  const { at_hash: atHash, nonce, sub, aud } = claims;
  const audiences = typeof aud === 'string' ? [aud] : (aud ?? []);
  const malformed =
    JSON.stringify(claims).includes('\\u0000') ||
    [atHash, nonce, sub].some((value) => value !== undefined && typeof value !== 'string') ||
    !Array.isArray(audiences) ||
    audiences.some((value) => typeof value !== 'string');
  if (malformed) throw refused('Bad ID token');
  if (input.accessToken && atHash && !accessTokenMatches(alg, String(atHash), input.accessToken))
    throw refused('Bad ID token');
  if (!sub) throw refused('Missing sub claim in id_token');

  if (!provider.clientIds.some((id) => id !== '' && audiences.includes(id))) {
    throw refused(`Unacceptable audience in id_token: [${audiences.join(' ')}]`);
  }
  checkNonce(typeof nonce === 'string' ? nonce : '', input.nonce);
}

/**
 * The nonce ties a token to the one sign-in the app started: the app keeps the raw nonce and gave
 * the provider its SHA-256 (hex), which the token carries. A token without a nonce is accepted
 * only from an app that sent none either (GoTrue's rule: both or neither). Compared in constant
 * time, since a nonce is a short-lived secret of the app's.
 */
function checkNonce(tokenNonce: string, rawNonce: string): void {
  if (Boolean(tokenNonce) !== Boolean(rawNonce))
    throw refused('Passed nonce and nonce in id_token should either both exist or not.');
  if (rawNonce && !safeEqual(hashToken(rawNonce), tokenNonce))
    throw new OAuthError('invalid nonce', 'Nonces mismatch');
}

/**
 * OpenID Connect's `at_hash`: the left half of the access token's hash (the hash of the token's
 * own algorithm), base64url. It shows the access token came with this very ID token.
 */
function accessTokenMatches(alg: string, atHash: string, accessToken: string): boolean {
  const bits = alg === 'EdDSA' ? '512' : alg.slice(2);
  const digest = createHash(`sha${bits}`).update(accessToken).digest();
  return safeEqual(digest.subarray(0, digest.length / 2).toString('base64url'), atHash);
}
