import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { pageOf, paginationHeaders } from '../admin/users-list.ts';
import { checkUpdate, readRegisterParams, readUpdateParams } from './client-params.ts';
import {
  clientResponse,
  deleteClient,
  findClient,
  listClients,
  replaceSecret,
  updateClient,
  type ClientRow,
} from './clients-store.ts';
import { requireOAuthServer } from './enabled.ts';
import { registerClient } from './register.ts';

/** GoTrue's LoadOAuthServerClient: the `{client_id}` of the path, which must be a live client. */
async function loadClient(context: AuthContext, request: FastifyRequest): Promise<ClientRow> {
  const { client_id: id } = request.params as { client_id: string };
  if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(id)) {
    throw new AuthError(400, 'validation_failed', 'invalid client_id format');
  }
  const client = await findClient(context.db, id);
  if (!client) throw new AuthError(404, 'oauth_client_not_found', 'OAuth client not found');
  return client;
}

/**
 * The admin API's OAuth clients (GoTrue's /admin/oauth/clients): register, list (paged as the
 * users list is), read, change, delete, and a new secret. Registered inside the admin scope, so
 * the service-role guard runs first; then the server must be on.
 */
export function adminOAuthClientRoutes(app: FastifyInstance, context: AuthContext): void {
  const client = async (request: FastifyRequest) => {
    requireOAuthServer(context);
    return loadClient(context, request);
  };

  app.post('/admin/oauth/clients', async (request, reply) => {
    requireOAuthServer(context);
    const registered = await registerClient(context, readRegisterParams(request.body), 'manual');
    return reply.code(201).send(registered);
  });

  app.get('/admin/oauth/clients', async (request, reply) => {
    requireOAuthServer(context);
    const page = pageOf(request.query as Record<string, unknown>);
    const { clients, total } = await listClients(context.db, page);
    paginationHeaders(request, reply, page, total);
    return { clients: clients.map((row) => clientResponse(row)) };
  });

  app.get('/admin/oauth/clients/:client_id', async (request) =>
    clientResponse(await client(request)),
  );

  app.put('/admin/oauth/clients/:client_id', async (request) => {
    const found = await client(request);
    const params = readUpdateParams(request.body);
    checkUpdate(params, found.clientType);
    return clientResponse(await updateClient(context.db, found.id, params));
  });

  app.delete('/admin/oauth/clients/:client_id', async (request, reply) => {
    const found = await client(request);
    await deleteClient(context.db, found.id);
    return reply.code(204).send();
  });

  app.post('/admin/oauth/clients/:client_id/regenerate_secret', async (request) => {
    const found = await client(request);
    if (found.clientType !== 'confidential') {
      throw new AuthError(400, 'validation_failed', 'Cannot regenerate secret for public client');
    }
    const { client: updated, secret } = await replaceSecret(context.db, found.id);
    return clientResponse(updated, secret);
  });
}
