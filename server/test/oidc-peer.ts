import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type Interaction, type PeerContext } from 'oidc-provider';

/** A client registered at the peer: our server, as Google or Apple know it. */
export interface PeerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * `google`: the profile (name, picture) in the ID token. `apple`: `email_verified` as the string
   * "true"/"false", no profile claims, and the name only once, as JSON in a `user` form field of
   * the first form_post answer.
   */
  kind: 'google' | 'apple';
  /** How the client authenticates at the token endpoint; default client_secret_post. */
  auth?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcPeer {
  /** `http://127.0.0.1:<port>`: the issuer and its discovery document's base. */
  issuer: string;
  /**
   * An ID token as the provider's own sign-in SDK hands one to a native app (Google Sign-In,
   * Sign in with Apple): signed with the peer's key, the one its JWKS publishes.
   */
  idToken(input: MintedIdToken): Promise<string>;
  close(): Promise<void>;
}

export interface MintedIdToken {
  /** The account (see peerClaims): its `sub`, address and profile. */
  login: string;
  kind: PeerClient['kind'];
  /** `aud`: a client id (or several). */
  audience: string | string[];
  /** Put into the token as is: the app hands the SDK the SHA-256 (hex) of its raw nonce. */
  nonce?: string;
  /** Seconds until `exp`, negative for a token that has expired; default 600. */
  expiresIn?: number;
  /** The access token issued with it: the token then carries its `at_hash`. */
  accessToken?: string;
  /** Claims to add or replace (`undefined` removes one, e.g. `sub`). */
  claims?: Record<string, unknown>;
}

/** The family name every peer account has; the given name is the login name. */
export const PEER_FAMILY_NAME = 'Testová';

/**
 * The claims of an account: any login name is an account, its `sub` that name, its address
 * `<name>@example.cz`, verified unless the name contains `unverified`.
 */
export function peerClaims(login: string, kind: PeerClient['kind'], issuer: string) {
  const email = `${login}@example.cz`;
  const verified = !login.includes('unverified');
  if (kind === 'apple') return { sub: login, email, email_verified: String(verified) };
  return {
    sub: login,
    email,
    email_verified: verified,
    name: `${login} ${PEER_FAMILY_NAME}`,
    given_name: login,
    family_name: PEER_FAMILY_NAME,
    picture: `${issuer}/avatars/${encodeURIComponent(login)}.png`,
  };
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, standing in for Google and Apple:
 * discovery, authorization with PKCE, a login page taking any name, a consent page that can be
 * refused, form_post answers, the token endpoint and signed ID tokens.
 */
export async function startOidcPeer(options: {
  clients: PeerClient[];
  port?: number;
}): Promise<OidcPeer> {
  let handle = (_request: IncomingMessage, response: ServerResponse): void => {
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = await createProvider(issuer, options.clients, privateKey);
  const oidc = provider.callback();
  handle = (request, response) => {
    // Browsers ask every site for an icon; a 404 would show up as a console error in their tests.
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    if (!request.url?.startsWith('/interaction/')) return oidc(request, response);
    interaction(provider, request, response).catch((error: unknown) => {
      response.statusCode = 400;
      response.end(String(error));
    });
  };
  return {
    issuer,
    idToken: (input) => mintIdToken(issuer, privateKey, input),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type PeerKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** The key the peer signs with, named in the JWKS it serves. */
const PEER_KID = 'peer-1';

async function mintIdToken(
  issuer: string,
  privateKey: PeerKey,
  input: MintedIdToken,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    ...peerClaims(input.login, input.kind, issuer),
    iss: issuer,
    aud: input.audience,
    iat: now,
    exp: now + (input.expiresIn ?? 600),
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
    ...(input.accessToken === undefined ? {} : { at_hash: atHash(input.accessToken) }),
    ...input.claims,
  };
  const defined = Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));
  return new SignJWT(defined)
    .setProtectedHeader({ alg: 'RS256', kid: PEER_KID, typ: 'JWT' })
    .sign(privateKey);
}

/** OpenID Connect's `at_hash` for RS256: the left half of the SHA-256, base64url. */
const atHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

async function createProvider(
  issuer: string,
  clients: PeerClient[],
  privateKey: PeerKey,
): Promise<Provider> {
  const kinds = new Map(clients.map((client) => [client.clientId, client.kind]));
  const kindOf = (ctx: PeerContext) => kinds.get(ctx.oidc?.client?.clientId ?? '') ?? 'google';
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: client.auth ?? 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: PEER_KID, alg: 'RS256', use: 'sig' }] },
    adapter: memoryAdapter(),
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Like Google's and Apple's, the ID token carries the scopes' claims, not only `sub`.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, found: Interaction) => `/interaction/${found.uid}` },
    findAccount: (ctx: PeerContext, sub: string) => ({
      accountId: sub,
      claims: async () => peerClaims(sub, kindOf(ctx), issuer),
    }),
    renderError: (ctx: PeerContext, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = page('Error', `<pre>${escapeHtml(JSON.stringify(out))}</pre>`);
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });
  provider.use(appleUserField(kindOf));
  return provider;
}

/**
 * Apple's first form_post answer for an account also carries the name the user shared, as JSON in
 * a `user` field; later answers do not.
 */
function appleUserField(kindOf: (ctx: PeerContext) => string) {
  const named = new Set<string>();
  return async (ctx: PeerContext, next: () => Promise<void>) => {
    await next();
    const login = ctx.oidc?.session?.accountId;
    const form = ctx.body;
    if (kindOf(ctx) !== 'apple' || !login || typeof form !== 'string') return;
    if (!form.includes('name="code"') || named.has(login)) return;
    named.add(login);
    const user = {
      name: { firstName: login, lastName: PEER_FAMILY_NAME },
      email: `${login}@example.cz`,
    };
    const field = `<input type="hidden" name="user" value="${escapeHtml(JSON.stringify(user))}"/>`;
    ctx.body = form.replace('</form>', `${field}</form>`);
  };
}

/** GET shows the login or consent page; POST …/login and …/consent finish the step. */
async function interaction(provider: Provider, request: IncomingMessage, response: ServerResponse) {
  const [, , uid, step] = new URL(request.url ?? '/', 'http://peer').pathname.split('/');
  const details = await provider.interactionDetails(request, response);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  if (request.method === 'GET') {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(details.prompt.name === 'login' ? loginPage(uid) : consentPage(details));
    return;
  }
  const form = new URLSearchParams(await readBody(request));
  if (step === 'login') {
    const login = form.get('login')?.trim() ?? '';
    if (!login) throw new Error('login required');
    const result = { login: { accountId: login } };
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
    return;
  }
  if (form.get('decision') !== 'allow') {
    const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
    return;
  }
  const grantId = await grantFor(provider, details);
  await provider.interactionFinished(request, response, { consent: { grantId } });
}

/** Grants what the consent page showed: the missing scopes and claims. */
async function grantFor(provider: Provider, details: Interaction): Promise<string> {
  const found = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant =
    found ??
    new provider.Grant({
      accountId: details.session?.accountId ?? '',
      clientId: details.params.client_id,
    });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

function loginPage(uid: string | undefined): string {
  return page(
    'Sign in',
    `<form method="post" action="/interaction/${escapeHtml(uid ?? '')}/login">
  <label>Login <input name="login" autocomplete="off" required autofocus></label>
  <button type="submit">Sign in</button>
</form>`,
  );
}

function consentPage(details: Interaction): string {
  const client = escapeHtml(details.params.client_id);
  return page(
    'Allow access',
    `<p>${client} asks for your name and email address.</p>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/consent">
  <button type="submit" name="decision" value="allow">Allow</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

/** A page of the peer's own: no scripts, no outside resources. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

type Payload = Record<string, unknown>;

/** oidc-provider's storage, in memory for the peer's lifetime (its own stays quiet this way). */
function memoryAdapter() {
  const store = new Map<string, { payload: Payload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return entry && entry.expiresAt >= Date.now() ? entry.payload : undefined;
  };
  const findBy = (name: string, field: string, value: string) => {
    for (const key of store.keys()) {
      const payload = key.startsWith(`${name}:`) ? live(key) : undefined;
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  };
  return (name: string) => ({
    upsert: async (id: string, payload: Payload, expiresIn?: number) => {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      store.set(`${name}:${id}`, { payload, expiresAt });
    },
    find: async (id: string) => live(`${name}:${id}`),
    findByUid: async (uid: string) => findBy(name, 'uid', uid),
    findByUserCode: async (userCode: string) => findBy(name, 'userCode', userCode),
    consume: async (id: string) => {
      const payload = live(`${name}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    destroy: async (id: string) => void store.delete(`${name}:${id}`),
    revokeByGrantId: async (grantId: string) => {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}
