import type { LightMyRequestResponse } from 'fastify';
import { serviceRoleKey } from '../src/auth/http/api-key.ts';
import { CURRENT } from './auth-helpers.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';
import type { TestDatabase } from './databases.ts';

/** The installation's service-role key, as the server resolved it (generated and stored). */
export async function serviceKeyOf(t: TestApp): Promise<string> {
  return (await serviceRoleKey(t.database.db, undefined)).key;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The app on a database of the kind under test, with its anon and service-role keys. */
export interface AdminTestApp {
  t: TestApp;
  anonKey: string;
  serviceKey: string;
  /** A request as supabase-js's admin client sends it: the key as apikey and as bearer. */
  admin(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function adminTestApp(open: () => Promise<TestDatabase>): Promise<AdminTestApp> {
  const database = await open();
  const t = await buildTestApp({ siteUrl: 'http://localhost:8080' }, database.database);
  const serviceKey = await serviceKeyOf(t);
  return {
    t,
    anonKey: await apiKeyOf(t),
    serviceKey,
    admin: (method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url: `/auth/v1${url}`,
        headers: {
          apikey: serviceKey,
          authorization: `Bearer ${serviceKey}`,
          ...CURRENT,
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    async close() {
      await t.close();
      await database.drop();
    },
  };
}
