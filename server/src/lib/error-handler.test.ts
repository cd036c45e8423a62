import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.post('/api/v1/test/echo', async (request) => request.body);
  t.app.get('/api/v1/test/database-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  t.app.get('/api/v1/test/bug', async () => {
    throw new Error('secret internal detail');
  });
  t.app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/v1/test/typed',
      { schema: { body: z.object({ title: z.string().check(z.maxLength(5)) }) } },
      async () => ({ ok: true }),
    );
  t.app.setValidatorCompiler(validatorCompiler);
});
afterAll(() => t.close());

describe('the error handler', () => {
  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      error_code: 'bad_json',
      message: 'Could not parse request body as JSON',
    });
  });

  it('names the fields a request schema refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/typed',
      payload: { title: 'far too long' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      error_code: 'validation_failed',
      issues: [{ path: '/title', message: expect.any(String) }],
    });
  });

  it('answers an unknown /api/v1 path with a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, error_code: 'not_found', message: 'Not found' });
  });

  it('answers an oversized body with 413 request_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error_code: 'request_too_large' });
  });

  it('answers an unsupported body type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error_code: 'unsupported_media_type' });
  });

  it('answers a database outage with 503 database_unavailable', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 503, error_code: 'database_unavailable' });
  });

  it('hides the details of a real fault behind a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      code: 500,
      error_code: 'unexpected_failure',
      request_id: expect.any(String),
    });
    expect(res.body).not.toContain('secret internal detail');
  });
});
