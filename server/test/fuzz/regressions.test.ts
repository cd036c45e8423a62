import { describe, expect, it } from 'vitest';
import { newId } from '@partak/domain/ids';
import { CURRENT } from '../auth-helpers.ts';
import { apiUser, message } from '../data-api.ts';
import { useTestApp } from '../helpers.ts';

/**
 * What the endpoint fuzzers found, pinned down: each of these was a 500 (or a body in Fastify's
 * own shape) and is now a 4xx in the API's shape.
 */
const t = useTestApp();

const auth = (method: 'POST' | 'PUT', url: string, body: string, token?: string) =>
  t.app.inject({
    method,
    url: `/auth/v1${url}`,
    headers: {
      apikey: t.apikey,
      ...CURRENT,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });

describe('input the database cannot take', () => {
  it('a NUL character in a body or a query is a 400, not a failed query', async () => {
    const ema = await apiUser(t, 'nul');
    const answers = [
      await auth('POST', '/signup', '{"email":"a\\u0000@example.cz","password":"dobre-heslo-123"}'),
      await auth('POST', '/recover', '{"email":"a\\u0000@example.cz"}'),
      await auth('PUT', '/user', '{"data":{"\\u0000":false}}', ema.token),
      await ema.call('POST', '/goals', { id: newId(), title: 'a\u0000b' }),
      await ema.call('POST', '/conversations', {
        id: newId(),
        messages: [message('user', 'a\u0000b')],
      }),
      await ema.call('GET', '/conversations?q=a%00b'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
  });

  it('metadata nested thousands deep is a 400, not a stack overflow', async () => {
    const ema = await apiUser(t, 'deep');
    const data = `{"data":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const signup = await auth(
      'POST',
      '/signup',
      `{"email":"deep@example.cz","password":"dobre-heslo-123",${data.slice(1)}`,
    );
    const update = await auth('PUT', '/user', data, ema.token);
    for (const res of [signup, update]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
    const modest = await auth('PUT', '/user', '{"data":{"a":{"b":[[1]]}}}', ema.token);
    expect(modest.json()).toMatchObject({ user_metadata: { a: { b: [[1]] } } });
  });

  it('a goal made in year 0000 is a 400 (PostgreSQL has no year 0)', async () => {
    const ema = await apiUser(t, 'year0');
    const res = await ema.call('POST', '/goals', {
      id: newId(),
      title: 'Cíl',
      createdAt: '0000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});

describe('URLs Fastify refuses before routing', () => {
  it('answers in the shape of the API the path belongs to', async () => {
    const ema = await apiUser(t, 'url');
    const badAuth = await auth('POST', '/factors/%FF/challenge', '{}', ema.token);
    expect(badAuth.statusCode).toBe(400);
    expect(badAuth.json()).toEqual({
      code: 'validation_failed',
      error_code: 'validation_failed',
      message: expect.any(String),
    });
    const badApi = await ema.call('GET', '/goals/%FF');
    expect(badApi.statusCode).toBe(400);
    expect(badApi.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
    const tooLong = await ema.call('DELETE', `/goals/${'x'.repeat(3000)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ code: 414, error_code: 'validation_failed' });
  });
});
