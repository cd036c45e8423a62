import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, pgliteDatabase } from '../databases.ts';
import { APPLE, GOOGLE } from '../oauth-helpers.ts';
import { signInAtPeer } from '../oidc-login.ts';
import {
  compatClient,
  fragmentOf,
  openLink,
  startCompatServer,
  type CompatClient,
  type CompatServer,
} from './compat-server.ts';

const PASSWORD = 'Dobre-heslo-2026';

/** The app keeps the raw nonce and hands the provider's SDK its SHA-256 (hex). */
const hashed = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** A confirmed email user, signed in by the client with their password. */
async function passwordUser(server: CompatServer, client: CompatClient, email: string) {
  await client.supabase.auth.signUp({ email, password: PASSWORD });
  await openLink((await server.capture.waitFor(email)).link ?? '');
  const { error } = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
}

/**
 * Native sign-in with an ID token, identity linking and unlinking, and the Web3 refusal, as the
 * unmodified supabase-js client does them (GoTrue's token_oidc.go and
 * identity.go), with Google and Apple played by a real OpenID provider on loopback.
 */
describe.each(databaseKinds())('supabase-js identities on $name', ({ name, open }) => {
  let server: CompatServer;

  beforeAll(async () => {
    server = await startCompatServer(open, { AUTH_MANUAL_LINKING: 'true' });
  });
  afterAll(() => server?.close());

  it('signInWithIdToken, Google with a nonce: a session, and the identity on the user', async () => {
    const client = compatClient(server, { storageKey: `idtoken-google-${name}` });
    const nonce = `raw-nonce-${name}`;
    const token = await server.peer.idToken({
      login: `nativni-${name}`,
      kind: 'google',
      audience: GOOGLE.clientId,
      nonce: hashed(nonce),
    });
    const { data, error } = await client.supabase.auth.signInWithIdToken({
      provider: 'google',
      token,
      nonce,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: `nativni-${name}@example.cz`,
      app_metadata: { provider: 'google', providers: ['google'] },
    });
    expect(decodeJwt(data.session?.access_token ?? '').amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) },
    ]);
    expect((await client.supabase.auth.getSession()).data.session?.user.id).toBe(data.user?.id);
    const identities = await client.supabase.auth.getUserIdentities();
    expect(identities.error).toBeNull();
    expect(identities.data?.identities).toMatchObject([
      { provider: 'google', id: `nativni-${name}`, user_id: data.user?.id },
    ]);
  });

  it('signInWithIdToken, Apple with a nonce and access token; a wrong nonce is refused', async () => {
    const client = compatClient(server, { storageKey: `idtoken-apple-${name}` });
    const mint = (nonce: string) =>
      server.peer.idToken({
        login: `apple-nativni-${name}`,
        kind: 'apple',
        audience: APPLE.clientId,
        nonce: hashed(nonce),
        accessToken: 'apple-access',
      });
    const wrong = await client.supabase.auth.signInWithIdToken({
      provider: 'apple',
      token: await mint('expected'),
      nonce: 'something-else',
      access_token: 'apple-access',
    });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error).toMatchObject({ status: 400, message: 'Nonces mismatch' });

    const { data, error } = await client.supabase.auth.signInWithIdToken({
      provider: 'apple',
      token: await mint('expected'),
      nonce: 'expected',
      access_token: 'apple-access',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: `apple-nativni-${name}@example.cz`,
      app_metadata: { provider: 'apple', providers: ['apple'] },
    });
    const expired = await client.supabase.auth.signInWithIdToken({
      provider: 'apple',
      token: await server.peer.idToken({
        login: `apple-nativni-${name}`,
        kind: 'apple',
        audience: APPLE.clientId,
        expiresIn: -5,
      }),
    });
    expect(expired.error).toMatchObject({ status: 400, message: 'Bad ID token' });
  });

  it('linkIdentity (redirect and ID token), getUserIdentities, unlinkIdentity', async () => {
    const email = `spojene-${name}@example.cz`;
    const client = compatClient(server, { storageKey: `link-${name}` });
    await passwordUser(server, client, email);
    const auth = client.supabase.auth;
    const userId = (await auth.getUser()).data.user?.id;

    // By redirect: the URL to the provider comes back as JSON (the client asks skip_http_redirect).
    const started = await auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: `${server.siteUrl}/ucet` },
    });
    expect(started.error).toBeNull();
    expect(started.data.url?.startsWith(`${server.peer.issuer}/auth?`)).toBe(true);
    expect(client.requests).toContain('GET /auth/v1/user/identities/authorize');
    const request = await signInAtPeer(started.data.url ?? '', { login: `spojeny-${name}` });
    const back = await fetch(request.url, { redirect: 'manual' });
    await back.body?.cancel();
    const landing = new URL(back.headers.get('location') ?? 'missing:');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${server.siteUrl}/ucet`);
    expect(decodeJwt(fragmentOf(landing).get('access_token') ?? '').sub).toBe(userId);

    // By an ID token from Apple's SDK, with its nonce.
    const linked = await auth.linkIdentity({
      provider: 'apple',
      token: await server.peer.idToken({
        login: `spojeny-apple-${name}`,
        kind: 'apple',
        audience: APPLE.clientId,
        nonce: hashed('link-nonce'),
      }),
      nonce: 'link-nonce',
    });
    expect(linked.error).toBeNull();
    expect(linked.data.user?.id).toBe(userId);

    const { data } = await auth.getUserIdentities();
    const identities = data?.identities ?? [];
    expect(identities.map((identity) => identity.provider)).toEqual(['email', 'google', 'apple']);
    expect((await auth.getUser()).data.user?.app_metadata.providers).toEqual([
      'email',
      'google',
      'apple',
    ]);

    const [emailIdentity, google, apple] = identities;
    if (!emailIdentity || !google || !apple) throw new Error('identity missing');
    for (const identity of [google, apple]) {
      const unlinked = await auth.unlinkIdentity(identity);
      expect(unlinked.error).toBeNull();
    }
    const last = await auth.unlinkIdentity(emailIdentity);
    expect(last.error).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    });
    const left = await auth.getUserIdentities();
    expect(left.data?.identities.map((identity) => identity.provider)).toEqual(['email']);
    expect((await auth.getUser()).data.user?.app_metadata.providers).toEqual(['email']);

    // An identity that is someone else's cannot be linked.
    const other = compatClient(server, { storageKey: `link-other-${name}` });
    await passwordUser(server, other, `jiny-${name}@example.cz`);
    const taken = await other.supabase.auth.linkIdentity({
      provider: 'google',
      token: await server.peer.idToken({
        login: `nativni-${name}`,
        kind: 'google',
        audience: GOOGLE.clientId,
      }),
    });
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'identity_already_exists',
      message: 'Identity is already linked to another user',
    });
  });

  it('signInWithWeb3 is refused as Supabase refuses it with Web3 off', async () => {
    const client = compatClient(server, { storageKey: `web3-${name}` });
    const { data, error } = await client.supabase.auth.signInWithWeb3({
      chain: 'ethereum',
      message: 'localhost wants you to sign in with your Ethereum account',
      signature: '0x00',
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
    expect(client.requests).toEqual(['POST /auth/v1/token']);
  });
});

describe('supabase-js identities with manual linking off (the default)', () => {
  let server: CompatServer;
  beforeAll(async () => {
    server = await startCompatServer(pgliteDatabase);
  });
  afterAll(() => server?.close());

  it('linkIdentity and unlinkIdentity answer "Manual linking is disabled"', async () => {
    const client = compatClient(server, { storageKey: 'linking-off' });
    await passwordUser(server, client, 'vypnuto@example.cz');
    const auth = client.supabase.auth;
    const started = await auth.linkIdentity({ provider: 'google' });
    expect(started.data.url).toBeNull();
    expect(started.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const [identity] = (await auth.getUserIdentities()).data?.identities ?? [];
    if (!identity) throw new Error('identity missing');
    expect((await auth.unlinkIdentity(identity)).error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
    });
  });
});
