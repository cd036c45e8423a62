import { expect } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import type { ProvidersConfig } from '../src/config/providers-env.ts';
import type { TestApp } from './helpers.ts';
import { signInAtPeer, type CallbackRequest } from './oidc-login.ts';
import type { PeerClient } from './oidc-peer.ts';

export const GOOGLE = { clientId: 'partak-google', clientSecret: 'google-secret' };
export const APPLE = { clientId: 'partak-apple', clientSecret: 'apple-secret-jwt' };

/** Our server as the peer's two clients: one acting as Google, one as Apple. */
export function peerClients(siteUrl: string): PeerClient[] {
  const redirectUris = [`${siteUrl}/auth/v1/callback`];
  return [
    { ...GOOGLE, redirectUris, kind: 'google', auth: 'client_secret_post' },
    { ...APPLE, redirectUris, kind: 'apple', auth: 'client_secret_post' },
  ];
}

/** The environment that switches Google and Apple sign-in on, both pointing at the peer. */
export function providerEnv(issuer: string, which: ('google' | 'apple')[] = ['google', 'apple']) {
  return {
    ...(which.includes('google')
      ? {
          GOOGLE_CLIENT_ID: GOOGLE.clientId,
          GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
          GOOGLE_ISSUER_URL: issuer,
        }
      : {}),
    ...(which.includes('apple')
      ? {
          APPLE_CLIENT_ID: APPLE.clientId,
          APPLE_CLIENT_SECRET: APPLE.clientSecret,
          APPLE_ISSUER_URL: issuer,
        }
      : {}),
  };
}

/** `config.providers` as the server would read it from that environment. */
export function providersFor(
  issuer: string,
  siteUrl: string,
  which?: ('google' | 'apple')[],
): ProvidersConfig {
  return loadConfig(providerEnv(issuer, which), { siteUrl }).providers;
}

/** GET /authorize in process: the 302 and where it points. */
export async function authorize(t: TestApp, query: Record<string, string>): Promise<URL> {
  const res = await t.app.inject({ url: `/auth/v1/authorize?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return new URL(String(res.headers.location));
}

/** The browser's request back at /callback, made in process: where it is sent next. */
export async function callback(t: TestApp, request: CallbackRequest): Promise<URL> {
  const res = await t.app.inject({
    method: request.method,
    url: `${request.url.pathname}${request.url.search}`,
    ...(request.form
      ? {
          payload: request.form.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {}),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location));
}

/** The whole round: /authorize, the peer's pages, /callback; the landing in the app. */
export async function oauthSignIn(
  t: TestApp,
  input: {
    provider: 'google' | 'apple';
    login: string;
    consent?: 'allow' | 'deny';
    query?: Record<string, string>;
  },
): Promise<{ landing: URL; request: CallbackRequest }> {
  const start = await authorize(t, { provider: input.provider, ...input.query });
  const request = await signInAtPeer(start.href, { login: input.login, consent: input.consent });
  return { landing: await callback(t, request), request };
}

/** The parameters in a redirect's fragment. */
export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));
