import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../../config/providers-env.ts';
import type { AuthContext } from '../auth-context.ts';

/** The providers this server knows of; which are switched on is configuration. */
export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

interface ProviderTraits {
  /** Always asked for; the app's `scopes` are added to them. */
  scopes: readonly string[];
  /** Apple answers with a form POST: it sends the user's name only that way. */
  responseMode?: 'form_post';
}

export const PROVIDER_TRAITS: Record<OAuthProviderName, ProviderTraits> = {
  google: { scopes: ['openid', 'email', 'profile'] },
  apple: { scopes: ['openid', 'email', 'name'], responseMode: 'form_post' },
};

export const isKnownProvider = (value: string): value is OAuthProviderName =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** The providers with a client id and secret, for /settings. */
export function configuredProviders(oauth: AuthContext['oauth']): OAuthProviderName[] {
  return OAUTH_PROVIDERS.filter((name) => oauth[name] !== undefined);
}

/** `<SITE_URL>/auth/v1/callback`: the redirect URI registered with every provider. */
export const callbackUrl = (context: AuthContext) => `${context.siteUrl}/auth/v1/callback`;

/** Seconds a call to a provider (discovery, token exchange, keys) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An openid-client configuration per provider, from its discovery document. */
export type ProviderClients = (name: OAuthProviderName) => Promise<client.Configuration>;

/**
 * The clients of the configured providers. Each discovery document is read once and kept (it
 * names the endpoints and the key set, which openid-client caches itself); a failed read is
 * forgotten, so the next sign-in tries again.
 */
export function providerClients(oauth: AuthContext['oauth']): ProviderClients {
  const cache = new Map<OAuthProviderName, Promise<client.Configuration>>();
  return (name) => {
    const config = oauth[name];
    if (!config) return Promise.reject(new Error(`${name} is not configured`));
    let found = cache.get(name);
    if (!found) {
      found = discover(config);
      found.catch(() => cache.delete(name));
      cache.set(name, found);
    }
    return found;
  };
}

function discover(config: OAuthProviderConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuerUrl);
  // Plain http only for a provider on this machine (tests, local development): anywhere else the
  // code, tokens and keys would cross the network readable and forgeable.
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  return client.discovery(
    issuer,
    config.clientId,
    config.clientSecret,
    client.ClientSecretPost(config.clientSecret),
    {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    },
  );
}
