import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../../config/providers-env.ts';
import type { AuthContext } from '../auth-context.ts';
import { appleClientSecret, APPLE_SECRET_LIFETIME_SECONDS } from './apple-secret.ts';

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

/** Half the lifetime of a client secret the server makes itself. */
const REMAKE_SECRET_MS = (APPLE_SECRET_LIFETIME_SECONDS * 1000) / 2;

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
      const made = discover(config);
      found = made;
      made.catch(() => cache.delete(name));
      cache.set(name, made);
      // A made client secret expires: start over well before it does.
      if (config.appleKey) {
        setTimeout(() => cache.get(name) === made && cache.delete(name), REMAKE_SECRET_MS).unref();
      }
    }
    return found;
  };
}

async function discover(config: OAuthProviderConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuerUrl);
  const secret = config.appleKey
    ? await appleClientSecret(config.appleKey, config.clientId, issuer.origin)
    : config.clientSecret;
  // Plain http only for a provider on this machine (tests, local development): anywhere else the
  // code, tokens and keys would cross the network readable and forgeable.
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  return client.discovery(issuer, config.clientId, secret, client.ClientSecretPost(secret), {
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_SECONDS,
  });
}
