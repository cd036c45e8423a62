import { AuthError } from '../http/auth-error.ts';

/**
 * An OAuth client's registration and update parameters, checked with GoTrue's rules and messages
 * (oauthserver/service.go, client_auth.go).
 */
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
export type ClientType = 'public' | 'confidential';
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

export interface RegisterParams {
  redirectUris: string[];
  clientType?: string;
  tokenEndpointAuthMethod?: string;
  grantTypes?: string[];
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
}

export interface UpdateParams {
  redirectUris?: string[];
  grantTypes?: string[];
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
  tokenEndpointAuthMethod?: string;
}

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);
/** Go prints a []string as `[a b c]`. */
const goList = (values: readonly string[]) => `[${values.join(' ')}]`;

const badJson = () => new AuthError(400, 'bad_json', 'Invalid JSON body');

/** A string field as Go's decoder reads it: absent or null is unset, another JSON type a 400. */
function text(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badJson();
  return value;
}

/** A list-of-strings field, read the same way. */
function list(body: Record<string, unknown>, name: string): string[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw badJson();
  return value as string[];
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badJson();
  return body as Record<string, unknown>;
}

export function readRegisterParams(body: unknown): RegisterParams {
  const input = objectBody(body);
  return {
    redirectUris: list(input, 'redirect_uris') ?? [],
    clientType: text(input, 'client_type'),
    tokenEndpointAuthMethod: text(input, 'token_endpoint_auth_method'),
    // An empty list is no list at registration (GoTrue checks grant_types only when non-empty).
    grantTypes: list(input, 'grant_types')?.length ? list(input, 'grant_types') : undefined,
    clientName: text(input, 'client_name'),
    clientUri: text(input, 'client_uri'),
    logoUri: text(input, 'logo_uri'),
  };
}

export function readUpdateParams(body: unknown): UpdateParams {
  const input = objectBody(body);
  return {
    redirectUris: list(input, 'redirect_uris'),
    grantTypes: list(input, 'grant_types'),
    clientName: text(input, 'client_name'),
    clientUri: text(input, 'client_uri'),
    logoUri: text(input, 'logo_uri'),
    tokenEndpointAuthMethod: text(input, 'token_endpoint_auth_method'),
  };
}

const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];
const LOOPBACK = ['localhost', '127.0.0.1', '::1', '[::1]'];

/**
 * RFC 6749 §3.1.2 as GoTrue applies it: absolute, with a host, no fragment; no scheme that runs
 * code or reads local data; plain http only to this machine (a native app's loopback listener).
 * Custom schemes (`cz.partner.app://callback`) are allowed for native apps.
 */
function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'invalid URL format';
  }
  const scheme = url.protocol.slice(0, -1);
  if (!scheme || !url.host) return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(scheme)) {
    return `scheme '${scheme}' is not allowed for security reasons`;
  }
  if (scheme === 'http' && !LOOPBACK.includes(url.hostname)) {
    return 'HTTP scheme only allowed for localhost';
  }
  if (uri.includes('#')) return 'fragment not allowed in redirect URI';
  return undefined;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required');
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(grantTypes: string[]): void {
  if (grantTypes.length === 0) throw invalid('grant_types cannot be empty');
  if (grantTypes.some((type) => !(GRANT_TYPES as readonly string[]).includes(type))) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

/** Go's url.ParseRequestURI, roughly: an absolute URI or an absolute path. */
const isRequestUri = (value: string) => {
  if (value.startsWith('/')) return !/\s/.test(value);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

function checkUri(name: 'client_uri' | 'logo_uri', value: string | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${name} cannot exceed 2048 characters`);
  if (!isRequestUri(value)) throw invalid(`${name} must be a valid URL`);
}

function checkDetails(params: UpdateParams): void {
  if (params.grantTypes) checkGrantTypes(params.grantTypes);
  if (params.clientName !== undefined && params.clientName.length > 1024) {
    throw invalid('client_name cannot exceed 1024 characters');
  }
  checkUri('client_uri', params.clientUri);
  checkUri('logo_uri', params.logoUri);
}

const isAuthMethod = (value: string): value is AuthMethod =>
  (AUTH_METHODS as readonly string[]).includes(value);

export const clientTypeOfMethod = (method: string): ClientType =>
  method === 'none' ? 'public' : 'confidential';

/** The methods a client of a type may authenticate with at /oauth/token. */
export const methodsOfType = (type: string): AuthMethod[] =>
  type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];

export interface NewClient {
  clientType: ClientType;
  tokenEndpointAuthMethod: AuthMethod;
  grantTypes: string[];
}

/**
 * Checks a registration and settles its defaults: the type as given, else implied by the method,
 * else confidential; the method as given, else `none` for a public client and
 * `client_secret_basic` (RFC 7591's default) for a confidential one.
 */
export function settleRegistration(params: RegisterParams): NewClient {
  checkRedirectUris(params.redirectUris, true);
  checkDetails(params);
  const { clientType, tokenEndpointAuthMethod: method } = params;
  if (clientType && clientType !== 'public' && clientType !== 'confidential') {
    throw invalid("client_type must be 'public' or 'confidential'");
  }
  if (method && !isAuthMethod(method)) {
    throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
  }
  if (clientType && method && clientType !== clientTypeOfMethod(method)) {
    throw invalid(
      `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${clientTypeOfMethod(method)}')`,
    );
  }
  const type: ClientType =
    (clientType as ClientType | undefined) ??
    (method ? clientTypeOfMethod(method) : 'confidential');
  return {
    clientType: type,
    tokenEndpointAuthMethod:
      (method as AuthMethod | undefined) ?? (type === 'public' ? 'none' : 'client_secret_basic'),
    grantTypes: params.grantTypes?.length ? params.grantTypes : [...GRANT_TYPES],
  };
}

/** Checks an update against the client's type; GoTrue's "No fields provided for update" first. */
export function checkUpdate(params: UpdateParams, clientType: string): void {
  if (Object.values(params).every((value) => value === undefined)) {
    throw invalid('No fields provided for update');
  }
  if (params.redirectUris) checkRedirectUris(params.redirectUris, false);
  checkDetails(params);
  const method = params.tokenEndpointAuthMethod;
  if (method === undefined) return;
  if (!isAuthMethod(method)) {
    throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
  }
  const allowed = methodsOfType(clientType);
  if (!allowed.includes(method)) {
    throw invalid(
      `token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ${goList(allowed)}`,
    );
  }
}
