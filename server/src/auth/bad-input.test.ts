import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config/rate-limit-defaults.ts';
import { useTestApp } from '../../test/helpers.ts';
import { CURRENT } from '../../test/auth-helpers.ts';

/**
 * No client mistake may produce a 5xx (docs/architecture.md#quality-budgets): every endpoint is
 * fed malformed JSON, wrong types, an oversized body and garbage tokens, and must answer a 4xx
 * with a stable code.
 */
// /signup, /recover, /otp and /resend share one per-IP limit; this file must not reach it.
const t = useTestApp({
  rateLimits: { ...DEFAULT_RATE_LIMITS, otp: { max: 10_000, windowSeconds: 300 } },
});

const ENDPOINTS = [
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['POST', '/auth/v1/token?grant_type=refresh_token'],
  ['POST', '/auth/v1/token?grant_type=pkce'],
  ['POST', '/auth/v1/token?grant_type=id_token'],
  ['POST', '/auth/v1/token?grant_type=web3'],
  ['POST', '/auth/v1/recover'],
  ['POST', '/auth/v1/otp'],
  ['POST', '/auth/v1/resend'],
  ['POST', '/auth/v1/verify'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/logout'],
  ['POST', '/auth/v1/factors'],
  ['POST', '/auth/v1/factors/00000000-0000-4000-8000-000000000000/challenge'],
  ['POST', '/auth/v1/factors/not-a-uuid/verify'],
  ['POST', '/auth/v1/passkeys/registration/options'],
  ['POST', '/auth/v1/passkeys/registration/verify'],
  ['POST', '/auth/v1/passkeys/authentication/verify'],
  ['PATCH', '/auth/v1/passkeys/00000000-0000-4000-8000-000000000000'],
] as const;

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: string, extra = {}) =>
  t.app.inject({
    method,
    url,
    headers: { apikey: t.apikey, ...CURRENT, 'content-type': 'application/json', ...extra },
    body,
  });

describe('bad input never yields a 5xx', () => {
  it.each(ENDPOINTS)('%s %s: malformed JSON → 400 bad_json', async (method, url) => {
    const res = await send(method, url, '{"email": "a@b.cz",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_json' });
  });

  it.each(ENDPOINTS)('%s %s: an oversized body → 413 request_too_large', async (method, url) => {
    const res = await send(method, url, JSON.stringify({ email: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'request_too_large' });
  });

  it.each(ENDPOINTS)('%s %s: wrong types and garbage → a 4xx with a code', async (method, url) => {
    const bodies: string[] = [
      JSON.stringify({
        email: 123,
        password: ['x'],
        data: 'text',
        refresh_token: {},
        token_hash: 7,
        type: 1,
      }),
      '[]',
      '"just a string"',
      'null',
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      JSON.stringify({
        auth_code: 'garbage',
        code_verifier: 'garbage',
        refresh_token: 'g'.repeat(40),
      }),
    ];
    for (const body of bodies) {
      const res = await send(method, url, body, {
        authorization: 'Bearer not.a.jwt',
      });
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
      const json = res.json<{ code?: unknown; error?: unknown }>();
      expect(json.code ?? json.error).toEqual(expect.any(String));
    }
  });

  it('a body of another content type → 415', async () => {
    const res = await send('POST', '/auth/v1/signup', 'email=a@b.cz', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });

  it('an empty JSON body is no body (supabase-js sends one with logout)', async () => {
    const res = await send('POST', '/auth/v1/logout', '');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('garbage links and parameters on GET routes', async () => {
    for (const url of [
      '/auth/v1/verify?type=signup&token=%00%FF',
      '/auth/v1/verify?type=recovery&token=pkce_garbage&redirect_to=javascript:alert(1)',
      '/auth/v1/verify?type=magic&token=x',
      '/auth/v1/verify?type[]=signup&token[]=x',
      '/auth/v1/authorize?provider[]=google',
      '/auth/v1/user',
    ]) {
      const res = await t.app.inject({ url, headers: { apikey: t.apikey } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, url).toBeLessThan(500);
      // A link that fails goes back to the app with GoTrue's error triplet: an unknown type is
      // `invalid_request`, a bad token `access_denied`.
      if (res.statusCode === 303) {
        expect(String(res.headers.location)).toMatch(
          /^http:\/\/localhost:\d+\/[?#]error=(access_denied|invalid_request)&error_code=/,
        );
      }
    }
  });
});
