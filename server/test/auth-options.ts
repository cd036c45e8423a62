import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type AuthOptionsConfig, type Config } from '../src/config/env.ts';
import { CURRENT } from './auth-helpers.ts';
import type { TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';

export const SITE = 'http://localhost:8080';

/** The auth options as an operator who sets none of them gets them (all off). */
export const AUTH_DEFAULTS: AuthOptionsConfig = loadConfig({}).auth;

/** An app of a test file, once built: the app and its API key. */
export interface OptionApp {
  t: TestApp;
  apikey: string;
  /** A request to /auth/v1 as supabase-js makes it (apikey, API version, bearer if given). */
  auth(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { payload?: unknown; token?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/**
 * For a `describe`: the app on a fresh database of one kind with these auth options (the rest
 * off), built before its tests and closed after them. `overrides` may be a function, read when the
 * app is built (after the `beforeAll`s registered before this call, e.g. a provider's start).
 */
export function appWithOptions(
  open: () => Promise<TestDatabase>,
  options: Partial<AuthOptionsConfig>,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
): OptionApp {
  const handle = {} as OptionApp;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await open();
    handle.t = await buildTestApp(
      {
        siteUrl: SITE,
        auth: { ...AUTH_DEFAULTS, ...options },
        ...(typeof overrides === 'function' ? overrides() : overrides),
      },
      database.database,
    );
    handle.apikey = await apiKeyOf(handle.t);
  });
  afterAll(async () => {
    await handle.t?.close();
    await database?.drop();
  });
  handle.auth = (method, path, { payload, token, ip, headers = {} } = {}) =>
    handle.t.app.inject({
      method,
      url: `/auth/v1${path}`,
      headers: {
        apikey: handle.apikey,
        ...CURRENT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  return handle;
}
