import { describe, expect, it } from 'vitest';
import { apiKeyOf, buildTestApp, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

describe('the anon key', () => {
  it('is generated once, kept, and given to the browser at run time', async () => {
    expect(t.apikey).toMatch(/^sb_publishable_[\w-]{32}$/);
    const again = await t.app.inject({ url: '/api/v1/config' });
    expect(again.json()).toEqual({
      authUrl: '/auth/v1',
      anonKey: t.apikey,
      vapidPublicKey: expect.stringMatching(/^[\w-]{87}$/),
      billing: false,
      modelMentor: false,
      freeLimits: { modelReplies: 20, savedConversations: 20 },
    });
  });

  it('can be fixed by configuration', async () => {
    const fixed = await buildTestApp({ authAnonKey: 'a-fixed-public-key-for-tests' });
    const res = await fixed.app.inject({ url: '/api/v1/config' });
    expect(res.json()).toMatchObject({ anonKey: 'a-fixed-public-key-for-tests' });
    await fixed.close();
  });
});

describe('the apikey gate', () => {
  it('answers a request without a key with 401 "No API key found in request"', async () => {
    const res = await t.app.inject({ url: '/auth/v1/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('is not there with AUTH_API_KEY_REQUIRED=false, as in bare GoTrue; admin still needs its key', async () => {
    const open = await buildTestApp({ auth: { ...t.config.auth, apiKeyRequired: false } });
    const settings = await open.app.inject({ url: '/auth/v1/settings' });
    expect(settings.statusCode).toBe(200);
    const admin = await open.app.inject({ url: '/auth/v1/admin/users' });
    expect(admin.statusCode).toBe(401);
    expect(admin.json()).toMatchObject({ error_code: 'no_authorization' });
    const anon = await open.app.inject({
      url: '/auth/v1/admin/users',
      headers: { apikey: await apiKeyOf(open) },
    });
    expect(anon.statusCode).toBe(403);
    await open.close();
  });

  it('answers a wrong key with 401 "Invalid API key"', async () => {
    const res = await t.app.inject({
      url: '/auth/v1/settings',
      headers: { apikey: 'sb_publishable_wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('accepts the key as a header or a url parameter', async () => {
    expect(
      (await t.app.inject({ url: '/auth/v1/settings', headers: { apikey: t.apikey } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/auth/v1/settings?apikey=${t.apikey}` })).statusCode).toBe(
      200,
    );
  });

  it('leaves JWKS open', async () => {
    expect((await t.app.inject({ url: '/auth/v1/.well-known/jwks.json' })).statusCode).toBe(200);
  });
});

describe('GET /auth/v1/settings', () => {
  it('lists the providers and switches in Supabase’s shape', async () => {
    const res = await t.app.inject({ url: '/auth/v1/settings', headers: { apikey: t.apikey } });
    const body = res.json<Record<string, unknown> & { external: Record<string, boolean> }>();
    expect(Object.keys(body).sort()).toEqual([
      'disable_signup',
      'external',
      'mailer_autoconfirm',
      'passkeys_enabled',
      'phone_autoconfirm',
      'saml_enabled',
      'saml_private_key_next_configured',
      'sms_provider',
    ]);
    expect(body.external.email).toBe(true);
    expect(body.external.google).toBe(false);
    expect(body.mailer_autoconfirm).toBe(false);
  });
});

describe('GET /auth/v1/.well-known/jwks.json', () => {
  it('lists public ES256 keys for verifying, cached for ten minutes', async () => {
    const res = await t.app.inject({ url: '/auth/v1/.well-known/jwks.json' });
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const { keys } = res.json<{ keys: Record<string, unknown>[] }>();
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual([
      'alg',
      'crv',
      'key_ops',
      'kid',
      'kty',
      'use',
      'x',
      'y',
    ]);
    expect(keys[0]).toMatchObject({ alg: 'ES256', use: 'sig', key_ops: ['verify'] });
  });
});

describe('errors and CORS', () => {
  it('use the 2024-01-01 shape and echo the version header when the client asks for it', async () => {
    const res = await t.app.inject({
      url: '/auth/v1/nothing-here',
      headers: { apikey: t.apikey, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(res.json()).toEqual({
      code: 'not_found',
      error_code: 'not_found',
      message: 'Not Found',
    });
  });

  it('use the legacy shape otherwise', async () => {
    const res = await t.app.inject({ url: '/auth/v1/nothing-here', headers: { apikey: t.apikey } });
    expect(res.headers['x-sb-error-code']).toBe('not_found');
    expect(res.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });
  });

  it('let any origin call the API and read the version header', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers'])).toContain('apikey');
    const get = await t.app.inject({
      url: '/auth/v1/health',
      headers: { apikey: t.apikey, origin: 'https://example.org' },
    });
    // As GoTrue's: the admin API's user list pages with X-Total-Count and Link.
    expect(get.headers['access-control-expose-headers']).toBe(
      'x-supabase-api-version, x-total-count, link',
    );
  });
});
