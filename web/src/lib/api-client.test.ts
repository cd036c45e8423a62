import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientConfigSchema } from '@partak/domain/api/config';
import { ApiError, apiFetch, apiJson } from './api-client.ts';
import { setAuthState } from './auth-state.ts';

const answers: Response[] = [];
const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  setAuthState({ status: 'signedOut', user: null });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answers.length = 0;
  requests.length = 0;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  it('sends JSON to /api/v1 and checks the answer against its schema', async () => {
    answers.push(json(200, { authUrl: '/auth/v1', anonKey: 'k', vapidPublicKey: 'v' }));
    const config = await apiJson('/config', ClientConfigSchema, { method: 'POST', body: { a: 1 } });
    // What an older server leaves out gets the schema's defaults: nothing sold, no model.
    expect(config).toEqual({
      authUrl: '/auth/v1',
      anonKey: 'k',
      vapidPublicKey: 'v',
      billing: false,
      modelMentor: false,
      freeLimits: { modelReplies: 20, savedConversations: 20 },
    });
    expect(requests[0]?.url).toBe('/api/v1/config');
    expect(requests[0]?.init.body).toBe('{"a":1}');
    expect(new Headers(requests[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(requests[0]?.init.headers).get('authorization')).toBeNull();
  });

  it('turns the API error shape into an ApiError with its code and bad fields', async () => {
    answers.push(
      json(400, {
        code: 400,
        error_code: 'validation_failed',
        message: 'body/title too long',
        issues: [{ path: '/title', message: 'too long' }],
      }),
    );
    const error = await apiFetch('/goals').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'validation_failed',
      issues: [{ path: '/title', message: 'too long' }],
    });
  });

  it('calls a failure without our shape unavailable (5xx) or unexpected, and no answer network', async () => {
    answers.push(new Response('<html>Bad gateway</html>', { status: 502 }));
    answers.push(json(418, { weird: true }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 502, errorCode: 'unavailable' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ errorCode: 'unexpected_failure' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 0, errorCode: 'network' });
  });

  it('refuses an answer of the wrong shape rather than passing it on', async () => {
    answers.push(json(200, { authUrl: 42 }));
    await expect(apiJson('/config', ClientConfigSchema)).rejects.toMatchObject({
      errorCode: 'unexpected_failure',
    });
  });
});
