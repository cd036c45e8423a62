import type { OAuthProviderConfig } from '../../config/providers-env.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import type { OAuthProviderName } from './providers.ts';

const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google's tokens sometimes carry the issuer without its scheme (go-oidc accepts it for Google). */
const GOOGLE_ISSUER_NO_SCHEME = 'accounts.google.com';
const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const AZURE_ISSUER_PREFIXES = ['https://login.microsoftonline.com/', 'https://sts.windows.net/'];

/**
 * Providers GoTrue takes ID tokens from that this server never offers, with the issuer GoTrue
 * names when it refuses them as switched off (Keycloak's is its configured URL: none here).
 */
const NEVER_ON: Record<string, string> = {
  facebook: 'https://www.facebook.com',
  keycloak: '',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};

/** The provider an ID token is checked against. */
export interface IdTokenProvider {
  name: OAuthProviderName;
  /** The `iss` values its tokens may carry. */
  issuers: string[];
  /** The audiences accepted: our client id and the native apps' (GOOGLE/APPLE_ADDITIONAL_…). */
  clientIds: string[];
}

export interface IdTokenRequest {
  idToken: string;
  /** `google`, `apple`…, or '' with `issuer` (GoTrue's older form). */
  provider: string;
  issuer: string;
}

const quoted = (value: string) => JSON.stringify(value);

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);

const disabled = (issuer: string) =>
  new AuthError(400, 'provider_disabled', `Provider (issuer ${quoted(issuer)}) is not enabled`);

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

function googleIssuers(config: OAuthProviderConfig | undefined): string[] {
  const issuer = config ? withoutSlash(config.issuerUrl) : GOOGLE_ISSUER;
  return issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, GOOGLE_ISSUER_NO_SCHEME] : [issuer];
}

/** Apple's two issuers, or the one configured instead of them (a local provider in tests). */
function appleIssuers(config: OAuthProviderConfig | undefined): string[] {
  const issuer = config ? withoutSlash(config.issuerUrl) : APPLE_ISSUERS[0];
  return issuer && !APPLE_ISSUERS.includes(issuer) ? [issuer] : APPLE_ISSUERS;
}

/**
 * The `iss` of a token read without checking it — only to pick the provider to check it against
 * (as GoTrue does for Apple and Azure). Undefined when the token cannot be read at all.
 */
function unverifiedIssuer(idToken: string): string | undefined {
  const parts = idToken.split('.');
  if (parts.length !== 3 || !/^[\w-]*$/.test(parts[1] ?? '')) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    if (payload === null) return '';
    if (typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    const { iss } = payload as { iss?: unknown };
    if (iss === undefined || iss === null) return '';
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

function enabled(
  name: OAuthProviderName,
  config: OAuthProviderConfig | undefined,
  issuers: string[],
): IdTokenProvider {
  if (!config) throw disabled(issuers[0] ?? '');
  return { name, issuers, clientIds: [config.clientId, ...config.additionalClientIds] };
}

/** Apple's issuer is read from the token first; a token of anyone else is refused before use. */
function apple(oauth: AuthContext['oauth'], request: IdTokenRequest): IdTokenProvider {
  const detected = unverifiedIssuer(request.idToken);
  if (detected === undefined)
    throw invalid('Unable to detect issuer in ID token for Apple provider');
  if (!appleIssuers(oauth.apple).includes(detected))
    throw invalid('Detected ID token issuer is not an Apple ID token issuer');
  if (request.issuer && request.issuer !== detected)
    throw invalid('Provided issuer does not match ID token issuer');
  return enabled('apple', oauth.apple, [detected]);
}

/** Azure is never on here; GoTrue still reads the token's issuer before saying so. */
function azure(request: IdTokenRequest): never {
  const detected = unverifiedIssuer(request.idToken);
  if (detected === undefined)
    throw invalid('Unable to detect issuer in ID token for Azure provider');
  if (!AZURE_ISSUER_PREFIXES.some((prefix) => detected.startsWith(prefix)))
    throw invalid('Detected ID token issuer is not an Azure ID token issuer');
  if (request.issuer && request.issuer !== detected)
    throw invalid('Provided issuer does not match ID token issuer');
  throw disabled(detected);
}

/**
 * Which provider `POST /token?grant_type=id_token` checks the token against, and GoTrue's refusals
 * in GoTrue's order (token_oidc.go `getProvider`): by `provider`, or by `issuer` when no provider
 * is named; a known provider that is off is `provider_disabled`, anything else not allowed.
 */
export function idTokenProvider(
  oauth: AuthContext['oauth'],
  request: IdTokenRequest,
): IdTokenProvider {
  const { provider, issuer } = request;
  if (provider === 'apple' || (issuer !== '' && appleIssuers(oauth.apple).includes(issuer)))
    return apple(oauth, request);
  const google = googleIssuers(oauth.google);
  if (provider === 'google' || (issuer !== '' && google.includes(issuer)))
    return enabled('google', oauth.google, google);
  if (provider === 'azure') return azure(request);
  const off = Object.entries(NEVER_ON).find(
    ([name, known]) => provider === name || (issuer !== '' && issuer === known),
  );
  if (off) throw disabled(off[1]);
  if (provider.startsWith('custom:'))
    throw invalid(`Custom provider ${quoted(provider)} not found`);
  throw invalid(`Custom OIDC provider ${quoted(provider)} not allowed`);
}
