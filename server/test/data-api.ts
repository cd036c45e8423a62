import type { LightMyRequestResponse } from 'fastify';
import { newId } from '@partak/domain/ids';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limit-defaults.ts';
import { confirmedUser, passwordGrant, type WireSession } from './auth-helpers.ts';
import { apiKeyOf, type TestApp } from './helpers.ts';

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
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
