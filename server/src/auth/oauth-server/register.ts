import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { readRegisterParams, settleRegistration, type RegisterParams } from './client-params.ts';
import { clientResponse, insertClient } from './clients-store.ts';

/**
 * Registers a client (admin or dynamic) and answers as GoTrue does: the client, with its secret
 * when it is confidential — the only time the secret is ever shown.
 */
export async function registerClient(
  context: AuthContext,
  params: RegisterParams,
  registrationType: 'manual' | 'dynamic',
) {
  let settled;
  try {
    settled = settleRegistration(params);
  } catch (error) {
    // GoTrue wraps the validation error's own text ("400: …") in a new 400 validation_failed.
    if (error instanceof AuthError) {
      throw new AuthError(400, 'validation_failed', `400: ${error.message}`);
    }
    throw error;
  }
  const { client, secret } = await insertClient(context.db, params, settled, registrationType);
  return clientResponse(client, secret);
}

/**
 * POST /oauth/clients/register: RFC 7591 dynamic registration (MCP clients use it), open to
 * anyone when AUTH_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION is on, limited per IP
 * (RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER, GoTrue's limit of the same name).
 */
export function registerRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.oauthClientRegister, 'oauth_client_register');
  app.post('/oauth/clients/register', { config }, async (request, reply) => {
    if (!context.options.oauthServer.allowDynamicRegistration) {
      throw new AuthError(
        403,
        'oauth_dynamic_client_registration_disabled',
        'Dynamic client registration is not enabled',
      );
    }
    const registered = await registerClient(context, readRegisterParams(request.body), 'dynamic');
    return reply.code(201).send(registered);
  });
}
