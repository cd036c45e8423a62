import { vi } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { accessToken } from './access-token.ts';

/**
 * The HTTP boundary of the auth client (lib/auth-client.ts): a stubbed `fetch` that answers
 * `/api/v1/config` and the `/auth/v1` requests a test gives, as GoTrue would, so the real
 * supabase-js auth client runs unchanged. Every request is recorded.
 */
export interface RecordedRequest {
  method: string;
  /** The path below /auth/v1 with its query: `/oauth/authorizations/a-1`. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What a test answers: a response, or `'network'` for a request that never arrives. */
type Answer = Response | 'network';
type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

export const AUTH_ORIGIN = window.location.origin;
const AUTH_URL = `${AUTH_ORIGIN}/auth/v1`;

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
  });

/** GoTrue's error answer (API version 2024-01-01): `{code, message}`. */
export const refusal = (status: number, code: string, message: string) =>
  json(status, { code, message });

export function fakeAuthServer() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, Handler>();

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === '/api/v1/config') {
      return Response.json({ authUrl: '/auth/v1', anonKey: 'sb_publishable_test' });
    }
    if (!url.startsWith(AUTH_URL)) throw new Error(`Unexpected request to ${url}`);
    const path = url.slice(AUTH_URL.length);
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${path}`);
    if (!handler) return refusal(404, 'not_found', `No fake for ${request.method} ${path}`);
    const answer = await handler(request);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  });

  return {
    requests,
    /** Answers `METHOD /path?query` (below /auth/v1) from now on. */
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    /** The requests made to one route. */
    made(route: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
  };
}

export const USER = { id: 'user-1', email: 'jana@example.cz' };

/** A fresh session of USER as auth-js persists it and the token endpoint answers it. */
export function sessionOf(user = USER) {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return {
    access_token: accessToken({ sub: user.id, aal: 'aal1', exp: expiresAt }),
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: { ...user, aud: 'authenticated', app_metadata: { provider: 'email' }, factors: [] },
  };
}

/** Puts a signed-in session where the auth client looks for it. */
export function storeSession(session = sessionOf()): void {
  localStorage.setItem(storageKeys.auth, JSON.stringify(session));
}
