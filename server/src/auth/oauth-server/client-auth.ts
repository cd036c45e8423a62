import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { findClient, secretMatches, type ClientRow } from './clients-store.ts';

interface Credentials {
  clientId: string;
  clientSecret: string;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

const refused = (why: string) => new AuthError(400, 'invalid_credentials', why);

/** Strict base64 (Go's StdEncoding): anything else is not a Basic credential. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The client's credentials as GoTrue's ExtractClientCredentials reads them: HTTP Basic
 * (`client_secret_basic`), else `client_id` and `client_secret` in the body (`client_secret_post`,
 * or `none` without a secret).
 */
function credentialsOf(request: FastifyRequest): Credentials {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const encoded = header.slice(6);
    if (!BASE64.test(encoded))
      throw refused('Invalid client credentials: invalid basic auth encoding');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw refused('Invalid client credentials: invalid basic auth format');
    return {
      clientId: decoded.slice(0, colon),
      clientSecret: decoded.slice(colon + 1),
      method: 'client_secret_basic',
    };
  }
  const body = request.body;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const { client_id: clientId = '', client_secret: clientSecret = '' } = fields as Record<
    string,
    unknown
  >;
  if (typeof clientId !== 'string' || typeof clientSecret !== 'string') {
    throw refused('Invalid client credentials: failed to parse JSON body');
  }
  if (!clientId) throw refused('Invalid client credentials: client_id is required');
  return { clientId, clientSecret, method: clientSecret ? 'client_secret_post' : 'none' };
}

/**
 * GoTrue's requireOAuthClientAuth for /oauth/token: the client must exist, use the method it
 * registered, and — when confidential — prove its secret (compared as hashes, in constant time).
 * A public client must not send a secret at all.
 */
export async function authenticateClient(
  context: AuthContext,
  request: FastifyRequest,
): Promise<ClientRow> {
  const credentials = credentialsOf(request);
  if (!isUuid(credentials.clientId)) throw refused('Invalid client_id format');
  const client = await findClient(context.db, credentials.clientId);
  if (!client) throw refused('Invalid client credentials');
  if (credentials.method !== client.tokenEndpointAuthMethod) {
    throw refused(
      `invalid authentication method: client is registered for '${client.tokenEndpointAuthMethod}' but '${credentials.method}' was used`,
    );
  }
  if (client.clientType === 'public') {
    if (credentials.clientSecret) throw refused('public clients must not provide client_secret');
    return client;
  }
  if (!credentials.clientSecret) throw refused('confidential clients must provide client_secret');
  if (!secretMatches(client, credentials.clientSecret)) throw refused('invalid client credentials');
  return client;
}
