import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthOptionsConfig, Config } from '../src/config/env.ts';
import { serviceKeyOf } from './admin-helpers.ts';
import { confirmedUser, passwordGrant, type WireSession } from './auth-helpers.ts';
import { appWithOptions, AUTH_DEFAULTS, type OptionApp } from './auth-options.ts';
import type { TestDatabase } from './databases.ts';

/** The OAuth server switched on, with dynamic registration unless a test says otherwise. */
export const OAUTH_SERVER_ON: Partial<AuthOptionsConfig> = {
  oauthServer: {
    enabled: true,
    allowDynamicRegistration: true,
    authorizationPath: '/povolit-pristup',
  },
};

export const OAUTH_SERVER_OFF: Partial<AuthOptionsConfig> = {
  oauthServer: AUTH_DEFAULTS.oauthServer,
};

/** A PKCE pair as a client makes one (RFC 7636): a random verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface OAuthServerApp extends OptionApp {
  /** A request of the admin API with the service-role key. */
  admin(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A confirmed user, signed in with a password. */
  signIn(email: string): Promise<WireSession>;
}

/** An app with these options (the OAuth server on by default) and its admin and user helpers. */
export function useOAuthServerApp(
  open: () => Promise<TestDatabase>,
  options: Partial<AuthOptionsConfig> = OAUTH_SERVER_ON,
  overrides: Partial<Config> = {},
): OAuthServerApp {
  const app = appWithOptions(open, options, overrides) as OAuthServerApp;
  app.admin = async (method, path, payload) => {
    const key = await serviceKeyOf(app.t);
    return app.auth(method, path, { payload, token: key, headers: { apikey: key } });
  };
  app.signIn = async (email) => {
    await confirmedUser(app.t, email, 'dobre-heslo-123');
    const res = await passwordGrant(app.t, app.apikey, { email, password: 'dobre-heslo-123' });
    expect(res.statusCode).toBe(200);
    return res.json<WireSession>();
  };
  return app;
}

export interface WireClient {
  client_id: string;
  client_secret?: string;
  client_type: string;
  token_endpoint_auth_method: string;
  redirect_uris: string[];
  grant_types: string[];
  client_name?: string;
}

export const REDIRECT = 'https://ucetnictvi.example.cz/oauth/callback';

/** A client registered through the admin API. */
export async function adminClient(a: OAuthServerApp, body: Record<string, unknown> = {}) {
  const res = await a.admin('POST', '/admin/oauth/clients', {
    client_name: 'Účetnictví',
    redirect_uris: [REDIRECT],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WireClient>();
}

/** GET /oauth/authorize as the client's link makes the browser do it. */
export function authorize(a: OAuthServerApp, params: Record<string, string>) {
  return a.t.app.inject({
    method: 'GET',
    url: `/auth/v1/oauth/authorize?${new URLSearchParams(params).toString()}`,
  });
}

/** The query of a redirect's Location. */
export function locationQuery(res: LightMyRequestResponse): URLSearchParams {
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location)).searchParams;
}

/** A pending authorization for the client, started as a browser would: its handle and PKCE pair. */
export async function startAuthorization(
  a: OAuthServerApp,
  client: WireClient,
  extra: Record<string, string> = {},
) {
  const pkce = pkcePair();
  const res = await authorize(a, {
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0] ?? REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'stav-123',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const id = locationQuery(res).get('authorization_id') ?? '';
  expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
  return { id, pkce };
}

/** The user opens the consent page and approves: the code from the redirect back. */
export async function approvedCode(
  a: OAuthServerApp,
  session: WireSession,
  client: WireClient,
  extra: Record<string, string> = {},
) {
  const { id, pkce } = await startAuthorization(a, client, extra);
  const details = await a.auth('GET', `/oauth/authorizations/${id}`, {
    token: session.access_token,
  });
  expect(details.statusCode, details.body).toBe(200);
  let redirect = details.json<{ redirect_url?: string }>().redirect_url;
  if (!redirect) {
    const consent = await a.auth('POST', `/oauth/authorizations/${id}/consent`, {
      token: session.access_token,
      payload: { action: 'approve' },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    redirect = consent.json<{ redirect_url: string }>().redirect_url;
  }
  const code = new URL(redirect).searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  return { code, pkce, redirect };
}

/** POST /oauth/token as a third-party client sends it: a form, no apikey. */
export function tokenRequest(
  a: OAuthServerApp,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return a.t.app.inject({
    method: 'POST',
    url: '/auth/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

export const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});
