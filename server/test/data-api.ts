import type { Config } from '../src/config/env.ts';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '@partak/domain/ids';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limit-defaults.ts';
import { confirmedUser, passwordGrant, type WireSession } from './auth-helpers.ts';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';

/** Limits roomy enough that route tests never meet them (their own test lowers one). */
export const ROOMY_LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  data: { max: 100_000, windowSeconds: 600 },
  token: { max: 1000, windowSeconds: 300 },
};

/** A signed-in user of the test app, calling /api/v1 with their access token. */
export interface ApiUser {
  id: string;
  email: string;
  password: string;
  token: string;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** A confirmed user with a fresh password session. */
export async function apiUser(t: TestApp, label: string): Promise<ApiUser> {
  const email = `${label}-${newId().slice(0, 8)}@example.cz`;
  const password = 'dobre-heslo-123';
  const user = await confirmedUser(t, email, password);
  const session = (
    await passwordGrant(t, await apiKeyOf(t), { email, password })
  ).json<WireSession>();
  const token = session.access_token;
  return {
    id: user.id,
    email,
    password,
    token,
    call: (method, url, payload) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

export const message = (role: 'user' | 'assistant', content: string) => ({
  role,
  content,
  timestamp: '2026-11-20T10:00:00.000Z',
});

/**
 * For a `describe` over one kind of database: the app on a fresh database of that kind, with two
 * signed-in users — `ema`, whose data the tests make, and `mallory`, who tries to reach it.
 */
export function useDataApi(open: () => Promise<TestDatabase>, overrides: Partial<Config> = {}) {
  const fixture = {} as { t: TestApp; ema: ApiUser; mallory: ApiUser };
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
    fixture.t = await buildTestApp({ rateLimits: ROOMY_LIMITS, ...overrides }, database.database);
    fixture.ema = await apiUser(fixture.t, 'ema');
    fixture.mallory = await apiUser(fixture.t, 'mallory');
  });
  afterAll(async () => {
    await fixture.t.close();
    await database.drop();
  });
  return fixture;
}
