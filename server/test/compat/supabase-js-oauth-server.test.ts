import { createHash, randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases.ts';
import { compatClient, startCompatServer, UUID, type CompatServer } from './compat-server.ts';

/**
 * supabase-js, unmodified, against the OAuth 2.1 server: the operator's `auth.admin.oauth.*`
 * (the seven auth-js suite tests this server used to fail) and the consent page's
 * `auth.oauth.*`, with a third-party app doing its part over plain HTTP as any OAuth client would.
 */
const PASSWORD = 'Dobre-heslo-2026';
const CALLBACK = 'https://ucetnictvi.example.cz/callback';

describe.each(databaseKinds())('supabase-js and the OAuth server on $name', ({ name, open }) => {
  let server: CompatServer;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await startCompatServer(open, {
      AUTH_OAUTH_SERVER_ENABLED: 'true',
      AUTH_AUTOCONFIRM: 'true',
    });
    service = createClient(server.siteUrl, server.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });
  afterAll(() => server?.close());

  const oauthAdmin = () => service.auth.admin.oauth;
  type NewClient = Parameters<ReturnType<typeof oauthAdmin>['createClient']>[0];
  /** `createClient`, which must succeed: the client, its secret included. */
  const newClient = async (params: NewClient) => {
    const { data, error } = await oauthAdmin().createClient(params);
    expect(error).toBeNull();
    if (!data) throw new Error('createClient returned no client');
    return data;
  };

  it('createClient, getClient, updateClient, deleteClient', async () => {
    const client = await newClient({
      client_name: 'Účetnictví',
      redirect_uris: [CALLBACK, 'http://localhost:3000/callback'],
    });
    expect(client.client_id).toMatch(UUID);
    expect(client.client_secret).toBeDefined();
    expect(client).toMatchObject({
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });

    const read = await oauthAdmin().getClient(client.client_id);
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({ client_id: client.client_id, client_name: 'Účetnictví' });
    expect(read.data).not.toHaveProperty('client_secret');

    const updated = await oauthAdmin().updateClient(client.client_id, {
      logo_uri: 'https://ucetnictvi.example.cz/logo.png',
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      client_name: 'Účetnictví',
      logo_uri: 'https://ucetnictvi.example.cz/logo.png',
    });

    expect((await oauthAdmin().deleteClient(client.client_id)).error).toBeNull();
    const gone = await oauthAdmin().getClient(client.client_id);
    expect(gone.data).toBeNull();
    expect(gone.error?.status).toBe(404);
  });

  it('listClients with its pagination, and regenerateClientSecret', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) {
      const { client_id: id } = await newClient({
        client_name: `Klient ${n}`,
        redirect_uris: [CALLBACK],
      });
      ids.push(id);
    }
    const all = await oauthAdmin().listClients();
    expect(all.error).toBeNull();
    expect(all.data.clients.map((c) => c.client_id)).toEqual(expect.arrayContaining(ids));
    const page = await oauthAdmin().listClients({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.clients).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2, total: all.data.clients.length });

    const before = await newClient({ client_name: 'Tajný', redirect_uris: [CALLBACK] });
    const again = await oauthAdmin().regenerateClientSecret(before.client_id);
    expect(again.error).toBeNull();
    expect(again.data?.client_secret).toBeDefined();
    expect(again.data?.client_secret).not.toBe(before.client_secret);
  });

  it('reports bad input and unknown clients as errors', async () => {
    const bad = await oauthAdmin().createClient({ client_name: 'Bez adres', redirect_uris: [] });
    expect(bad.data).toBeNull();
    expect(bad.error?.message).toBe('400: redirect_uris is required');
    const unknown = await oauthAdmin().getClient('00000000-0000-0000-0000-000000000000');
    expect(unknown.data).toBeNull();
    expect(unknown.error).not.toBeNull();
  });

  /** A signed-in user of our app, as the consent page sees them. */
  async function signedIn(who: string) {
    const { supabase } = compatClient(server, { storageKey: `oauth-server-${name}-${who}` });
    const { error } = await supabase.auth.signUp({
      email: `${who}@example.cz`,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    return supabase;
  }

  /** The third-party app sends the browser to /oauth/authorize: the consent page's handle. */
  async function authorizationId(clientId: string, verifier: string) {
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email',
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${server.siteUrl}/auth/v1/oauth/authorize?${query}`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${server.siteUrl}/povolit-pristup`);
    return location.searchParams.get('authorization_id') ?? '';
  }

  it('getAuthorizationDetails, approveAuthorization, listGrants and revokeGrant', async () => {
    const client = await newClient({
      client_name: 'Účetnictví',
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const supabase = await signedIn('souhlas');
    const verifier = randomBytes(32).toString('base64url');
    const id = await authorizationId(client.client_id, verifier);

    const details = await supabase.auth.oauth.getAuthorizationDetails(id);
    expect(details.error).toBeNull();
    expect(details.data).toMatchObject({
      authorization_id: id,
      client: { id: client.client_id, name: 'Účetnictví' },
      user: { email: 'souhlas@example.cz' },
      scope: 'openid email',
    });
    const approved = await supabase.auth.oauth.approveAuthorization(id, {
      skipBrowserRedirect: true,
    });
    expect(approved.error).toBeNull();
    const back = new URL(approved.data?.redirect_url ?? '');
    expect(back.searchParams.get('state')).toBe('xyz');

    // The app's server trades the code for tokens, as any OAuth client does.
    const token = await fetch(`${server.siteUrl}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: CALLBACK,
        client_id: client.client_id,
        client_secret: client.client_secret ?? '',
      }),
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { access_token: string; id_token: string };
    expect(tokens.id_token).toBeTruthy();
    const info = await fetch(`${server.siteUrl}/auth/v1/oauth/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await info.json()).toMatchObject({ email: 'souhlas@example.cz', email_verified: true });

    const grants = await supabase.auth.oauth.listGrants();
    expect(grants.error).toBeNull();
    expect(grants.data).toEqual([
      {
        client: { id: client.client_id, name: 'Účetnictví' },
        scopes: ['openid', 'email'],
        granted_at: expect.any(String),
      },
    ]);
    const revoked = await supabase.auth.oauth.revokeGrant({ clientId: client.client_id });
    expect(revoked.error).toBeNull();
    expect((await supabase.auth.oauth.listGrants()).data).toEqual([]);
    // The app's access token still verifies until it expires, but its session is gone.
    const afterRevoke = await fetch(`${server.siteUrl}/auth/v1/oauth/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(afterRevoke.status).toBe(403);
  });

  it('denyAuthorization sends access_denied back to the app', async () => {
    const client = await newClient({
      client_name: 'Veřejný',
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: 'none',
    });
    const supabase = await signedIn('odmitnuti');
    const id = await authorizationId(client.client_id, randomBytes(32).toString('base64url'));
    await supabase.auth.oauth.getAuthorizationDetails(id);
    const denied = await supabase.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true });
    expect(denied.error).toBeNull();
    const back = new URL(denied.data?.redirect_url ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    const unknown = await supabase.auth.oauth.getAuthorizationDetails('nothing-here');
    expect(unknown.error?.code).toBe('oauth_authorization_not_found');
  });
});
