import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { databaseKinds } from '../../../test/databases.ts';
import {
  adminClient,
  OAUTH_SERVER_OFF,
  OAUTH_SERVER_ON,
  REDIRECT,
  useOAuthServerApp,
  type WireClient,
} from '../../../test/oauth-server-helpers.ts';

const NOBODYS = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('the admin API’s OAuth clients on $name', ({ open }) => {
  const a = useOAuthServerApp(open);

  const refused = async (body: Record<string, unknown>, message: string) => {
    const res = await a.admin('POST', '/admin/oauth/clients', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
  };

  it('registers a confidential client by default, showing its secret this once', async () => {
    const client = await adminClient(a, { client_uri: 'https://ucetnictvi.example.cz' });
    expect(client).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [REDIRECT],
      client_name: 'Účetnictví',
      client_uri: 'https://ucetnictvi.example.cz',
      registration_type: 'manual',
    });
    expect(client.client_secret).toMatch(/^[\w-]{43}$/);
    const read = await a.admin('GET', `/admin/oauth/clients/${client.client_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('client_secret');
    expect(read.json<WireClient>().client_id).toBe(client.client_id);
  });

  it('registers a public client without a secret, its type implied by the method', async () => {
    const client = await adminClient(a, { token_endpoint_auth_method: 'none' });
    expect(client).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(client).not.toHaveProperty('client_secret');
    const explicit = await adminClient(a, { client_type: 'public' });
    expect(explicit.token_endpoint_auth_method).toBe('none');
  });

  it('refuses bad registrations with GoTrue’s messages', async () => {
    await refused({ redirect_uris: [] }, '400: redirect_uris is required');
    await refused(
      { redirect_uris: ['http://evil.example/cb'] },
      "400: invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
    );
    await refused(
      { redirect_uris: ['javascript://x/alert'] },
      "400: invalid redirect_uri 'javascript://x/alert': scheme 'javascript' is not allowed for security reasons",
    );
    await refused(
      { redirect_uris: ['https://app.example/cb#frag'] },
      "400: invalid redirect_uri 'https://app.example/cb#frag': fragment not allowed in redirect URI",
    );
    await refused(
      { redirect_uris: ['/relative'] },
      "400: invalid redirect_uri '/relative': invalid URL format",
    );
    await refused(
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      '400: redirect_uris cannot exceed 10 items',
    );
    await refused(
      { redirect_uris: [REDIRECT], grant_types: ['password'] },
      "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    );
    await refused(
      {
        redirect_uris: [REDIRECT],
        client_type: 'public',
        token_endpoint_auth_method: 'client_secret_post',
      },
      "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
    );
    await refused(
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' },
      '400: token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]',
    );
    await refused(
      { redirect_uris: [REDIRECT], client_type: 'x' },
      "400: client_type must be 'public' or 'confidential'",
    );
    await refused(
      { redirect_uris: [REDIRECT], logo_uri: 'not a url' },
      '400: logo_uri must be a valid URL',
    );
    await refused(
      { redirect_uris: [REDIRECT], client_name: 'x'.repeat(1025) },
      '400: client_name cannot exceed 1024 characters',
    );
    const wrongType = await a.admin('POST', '/admin/oauth/clients', { redirect_uris: REDIRECT });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'bad_json', message: 'Invalid JSON body' });
  });

  it('accepts native and loopback redirect URIs', async () => {
    const uris = ['cz.partner.app://callback', 'http://127.0.0.1:5000/cb', 'http://localhost/cb'];
    const client = await adminClient(a, { redirect_uris: uris });
    expect(client.redirect_uris).toEqual(uris);
  });

  it('lists clients newest first, paged like the users list', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await adminClient(a, { client_name: `Stránka ${i}` }));
    const all = await a.admin('GET', '/admin/oauth/clients');
    expect(all.statusCode).toBe(200);
    const ids = all.json<{ clients: WireClient[] }>().clients.map((c) => c.client_id);
    expect(ids.slice(0, 3)).toEqual(made.map((c) => c.client_id).reverse());
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    const page = await a.admin('GET', '/admin/oauth/clients?page=2&per_page=2');
    expect(page.json<{ clients: WireClient[] }>().clients.map((c) => c.client_id)).toEqual(
      ids.slice(2, 4),
    );
    expect(page.headers.link).toContain(`rel="last"`);
    expect(page.headers['x-total-count']).toBe(String(total));
    const bad = await a.admin('GET', '/admin/oauth/clients?page=x');
    expect(bad.statusCode).toBe(400);
  });

  it('updates only the fields given, and checks them', async () => {
    const client = await adminClient(a);
    const res = await a.admin('PUT', `/admin/oauth/clients/${client.client_id}`, {
      logo_uri: 'https://ucetnictvi.example.cz/logo.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client_name: 'Účetnictví',
      logo_uri: 'https://ucetnictvi.example.cz/logo.png',
      redirect_uris: [REDIRECT],
    });
    expect(res.json()).not.toHaveProperty('client_secret');
    const put = (body: unknown) => a.admin('PUT', `/admin/oauth/clients/${client.client_id}`, body);
    expect((await put({})).json()).toMatchObject({ message: 'No fields provided for update' });
    expect((await put({ redirect_uris: [] })).json()).toMatchObject({
      message: 'redirect_uris cannot be empty',
    });
    const method = await put({ token_endpoint_auth_method: 'none' });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toMatchObject({
      message:
        "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    });
    const post = await put({ token_endpoint_auth_method: 'client_secret_post' });
    expect(post.json()).toMatchObject({ token_endpoint_auth_method: 'client_secret_post' });
  });

  it('regenerates a confidential client’s secret, never a public one’s', async () => {
    const client = await adminClient(a);
    const res = await a.admin('POST', `/admin/oauth/clients/${client.client_id}/regenerate_secret`);
    expect(res.statusCode).toBe(200);
    const secret = res.json<WireClient>().client_secret;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(secret).not.toBe(client.client_secret);
    const open = await adminClient(a, { client_type: 'public' });
    const refusedRes = await a.admin(
      'POST',
      `/admin/oauth/clients/${open.client_id}/regenerate_secret`,
    );
    expect(refusedRes.statusCode).toBe(400);
    expect(refusedRes.json()).toMatchObject({
      message: 'Cannot regenerate secret for public client',
    });
  });

  it('deletes a client: it is gone from reads and lists', async () => {
    const client = await adminClient(a);
    const res = await a.admin('DELETE', `/admin/oauth/clients/${client.client_id}`);
    expect(res.statusCode).toBe(204);
    const read = await a.admin('GET', `/admin/oauth/clients/${client.client_id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({
      code: 'oauth_client_not_found',
      message: 'OAuth client not found',
    });
    const list = await a.admin('GET', '/admin/oauth/clients?per_page=1000');
    const ids = list.json<{ clients: WireClient[] }>().clients.map((c) => c.client_id);
    expect(ids).not.toContain(client.client_id);
    expect((await a.admin('DELETE', `/admin/oauth/clients/${client.client_id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers a malformed or unknown client id with 400 or 404', async () => {
    const bad = await a.admin('GET', '/admin/oauth/clients/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      message: 'invalid client_id format',
    });
    const unknown = await a.admin('PUT', `/admin/oauth/clients/${NOBODYS}`, { client_name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for the service role only', async () => {
    const res = await a.auth('GET', '/admin/oauth/clients');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'not_admin' });
  });

  it('registers clients dynamically (RFC 7591) when allowed', async () => {
    const res = await a.auth('POST', '/oauth/clients/register', {
      payload: {
        client_name: 'MCP klient',
        redirect_uris: ['http://127.0.0.1:33418/callback'],
        token_endpoint_auth_method: 'none',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ registration_type: 'dynamic', client_type: 'public' });
    const bad = await a.auth('POST', '/oauth/clients/register', { payload: { redirect_uris: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: '400: redirect_uris is required' });
  });
});

describe.each(databaseKinds())('OAuth clients while the server is off, on $name', ({ open }) => {
  const a = useOAuthServerApp(open, OAUTH_SERVER_OFF);

  it('answers every client route 404 feature_disabled, after the admin check', async () => {
    for (const [method, path] of [
      ['GET', '/admin/oauth/clients'],
      ['POST', '/admin/oauth/clients'],
      ['GET', `/admin/oauth/clients/${NOBODYS}`],
      ['POST', `/admin/oauth/clients/${NOBODYS}/regenerate_secret`],
    ] as const) {
      const res = await a.admin(method, path, method === 'POST' ? {} : undefined);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'feature_disabled',
        message: 'OAuth server is disabled',
      });
    }
    expect((await a.auth('GET', '/admin/oauth/clients')).statusCode).toBe(403);
    const dynamic = await a.auth('POST', '/oauth/clients/register', { payload: {} });
    expect(dynamic.json()).toMatchObject({ code: 'feature_disabled' });
  });
});

describe.each(databaseKinds())('dynamic registration while not allowed, on $name', ({ open }) => {
  const a = useOAuthServerApp(open, {
    oauthServer: { enabled: true, allowDynamicRegistration: false, authorizationPath: '/p' },
  });

  it('is refused with 403 oauth_dynamic_client_registration_disabled', async () => {
    const res = await a.auth('POST', '/oauth/clients/register', {
      payload: { redirect_uris: [REDIRECT] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'oauth_dynamic_client_registration_disabled',
      message: 'Dynamic client registration is not enabled',
    });
  });
});

describe.each(databaseKinds())('dynamic registration’s rate limit on $name', ({ open }) => {
  const a = useOAuthServerApp(open, OAUTH_SERVER_ON, {
    rateLimits: { ...DEFAULT_RATE_LIMITS, oauthClientRegister: { max: 2, windowSeconds: 300 } },
  });

  it('allows RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER registrations per IP, then 429', async () => {
    const register = () =>
      a.auth('POST', '/oauth/clients/register', {
        payload: { redirect_uris: [REDIRECT] },
        ip: '198.51.100.7',
      });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
    const third = await register();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
