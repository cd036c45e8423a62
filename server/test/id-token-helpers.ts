import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { CURRENT } from './auth-helpers.ts';
import type { TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';
import { GOOGLE, peerClients, providerEnv } from './oauth-helpers.ts';
import { startOidcPeer, type MintedIdToken, type OidcPeer } from './oidc-peer.ts';

export const SITE = 'http://localhost:8080';
/** A native app's own client ids at the providers, accepted besides the web client's. */
export const ANDROID_CLIENT = 'partak-android.apps.googleusercontent.com';
export const IOS_BUNDLE = 'cz.partak.ios';

/** What the app hands the provider's SDK: the SHA-256 (hex) of the nonce it keeps. */
export const hashed = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** A token claiming an issuer, not signed by it: enough to pick the provider, never to sign in. */
export const claiming = (iss: string) =>
  [{ alg: 'RS256' }, { iss, sub: 'x' }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('c2ln')
    .join('.');

/** The app with Google and Apple at the peer, the native client ids, and sign-up as asked. */
export async function idTokenApp(peer: OidcPeer, database: TestDatabase, disableSignup = false) {
  const env = {
    ...providerEnv(peer.issuer),
    GOOGLE_ADDITIONAL_CLIENT_IDS: ANDROID_CLIENT,
    APPLE_ADDITIONAL_CLIENT_IDS: IOS_BUNDLE,
    AUTH_DISABLE_SIGNUP: String(disableSignup),
  };
  const config = loadConfig(env, { siteUrl: SITE });
  return buildTestApp(
    { siteUrl: SITE, providers: config.providers, auth: config.auth },
    database.database,
  );
}

type Inject = Promise<LightMyRequestResponse>;

/** A peer, a database and the app on it for one test file, and the requests its tests make. */
export interface IdTokenBench {
  readonly peer: OidcPeer;
  readonly database: TestDatabase;
  readonly t: TestApp;
  readonly apikey: string;
  /** POST /token?grant_type=id_token with this body. */
  grant(body: unknown, headers?: Record<string, string>): Inject;
  googleToken(login: string, input?: Partial<MintedIdToken>): Promise<string>;
  /** A sign-in as supabase-js sends it: the token, the raw nonce, extra keys. */
  signIn(provider: string, token: string, nonce?: string): Inject;
  /** GoTrue's OAuth-shaped refusal: HTTP 400, no code. */
  expectRefused(response: Awaited<Inject>, description: string, error?: string): void;
}

export function useIdTokenBench(open: () => Promise<TestDatabase>): IdTokenBench {
  let current: { peer: OidcPeer; database: TestDatabase; t: TestApp; apikey: string } | undefined;
  beforeAll(async () => {
    const peer = await startOidcPeer({ clients: peerClients(SITE) });
    const database = await open();
    const t = await idTokenApp(peer, database);
    current = { peer, database, t, apikey: await apiKeyOf(t) };
  });
  afterAll(async () => {
    await current?.t.close();
    await current?.database.drop();
    await current?.peer.close();
  });
  const now = () => {
    if (!current) throw new Error('The bench is built in beforeAll; use it inside a test.');
    return current;
  };
  const bench: IdTokenBench = {
    get peer() {
      return now().peer;
    },
    get database() {
      return now().database;
    },
    get t() {
      return now().t;
    },
    get apikey() {
      return now().apikey;
    },
    grant: (body, headers = CURRENT) =>
      now().t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        headers: { apikey: now().apikey, ...headers },
        payload: body as Record<string, unknown>,
      }),
    googleToken: (login, input = {}) =>
      now().peer.idToken({ login, kind: 'google', audience: GOOGLE.clientId, ...input }),
    signIn: (provider, token, nonce) =>
      bench.grant({ provider, id_token: token, nonce, gotrue_meta_security: {} }),
    expectRefused(response, description, error = 'invalid request') {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error, error_description: description });
    },
  };
  return bench;
}
