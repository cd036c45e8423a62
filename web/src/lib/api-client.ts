import type { z } from 'zod/mini';
import { isErrorCode, type ErrorCode } from '@partak/domain/error-codes';
import { loadAuthClient } from './auth-client.ts';
import { getAuthState } from './auth-state.ts';

/**
 * The one way to our data API (`/api/v1`): the base URL, the signed-in user's access token, JSON
 * both ways, and every failure as an `ApiError` with a code from `@partak/domain/error-codes`
 * (ADR 008), which `errorMessage` (error-message.ts) turns into a translated message. Import it only
 * from lazily loaded screens: it is not part of the home route.
 */

const BASE = '/api/v1';

export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly errorCode: ErrorCode;
  /** Where a request failed validation: the bad fields. */
  readonly issues: { path: string; message: string }[];
  /** The whole error body, for answers that carry more (a 409's `current` row). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    errorCode: ErrorCode,
    message: string,
    issues: { path: string; message: string }[] = [],
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.issues = issues;
    this.body = body;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `accept: text/event-stream`. */
  headers?: Record<string, string>;
}

/**
 * The access token of the signed-in user, fresh (auth-js refreshes it when it is about to expire).
 * Nobody signed in: no header, and the auth client is not even loaded.
 */
async function authorization(): Promise<Record<string, string>> {
  if (getAuthState().status === 'signedOut') return {};
  const { data } = await (await loadAuthClient()).getSession();
  return data.session ? { authorization: `Bearer ${data.session.access_token}` } : {};
}

/** The failure a non-2xx answer stands for, from the API's error shape where it has one. */
async function failureOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    Record<string, unknown> | undefined;
  const code = body?.error_code;
  const message = typeof body?.message === 'string' ? body.message : response.statusText;
  if (isErrorCode(code)) {
    const issues = Array.isArray(body?.issues) ? (body.issues as ApiError['issues']) : [];
    return new ApiError(response.status, code, message, issues, body);
  }
  return new ApiError(
    response.status,
    response.status >= 500 ? 'unavailable' : 'unexpected_failure',
    message,
  );
}

/** Sends a request and returns the response if it succeeded; throws an ApiError otherwise. */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(await authorization()),
    ...request.headers,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, 'network', String(error));
  }
  if (!response.ok) throw await failureOf(response);
  return response;
}

/** A JSON request whose answer is checked against `schema` (a changed server fails loudly here). */
export async function apiJson<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  request: ApiRequest = {},
): Promise<z.output<S>> {
  const response = await apiFetch(path, request);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(response.status, 'unexpected_failure', `Unexpected answer from ${path}`);
  }
  return parsed.data;
}

/**
 * A request answered with server-sent events: each `data:` line's JSON, as it arrives. Failures
 * before the stream starts are ApiErrors like any other; a stream that breaks mid-way throws
 * an ApiError `network`.
 */
export async function* apiEvents(path: string, request: ApiRequest): AsyncGenerator<unknown> {
  const response = await apiFetch(path, {
    method: 'POST',
    ...request,
    headers: { accept: 'text/event-stream', ...request.headers },
  });
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n')) {
          if (line.startsWith('data: ')) yield JSON.parse(line.slice(6)) as unknown;
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (request.signal?.aborted) return;
    throw new ApiError(0, 'network', String(error));
  } finally {
    reader.releaseLock();
  }
}
