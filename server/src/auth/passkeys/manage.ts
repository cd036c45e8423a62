import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../../lib/secure-random.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { deletePasskey, listPasskeys, ownPasskey, renamePasskey } from './passkeys-repository.ts';
import {
  objectBody,
  passkeyItem,
  requireManagementAal,
  signedInUser,
  textField,
} from './passkey-wire.ts';

/** GoTrue's limit, which it counts in bytes (Go's `len`): 120 letters of ASCII, fewer with accents. */
const MAX_NAME_BYTES = 120;

const passkeyIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** GoTrue checks the id's form before the body: a bad one is "not found" whatever was sent. */
function checkIdForm(id: string): void {
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'Passkey not found');
}

function friendlyNameOf(request: FastifyRequest): string {
  const name = textField(objectBody(request), 'friendly_name');
  if (!name) throw new AuthError(400, 'validation_failed', 'friendly_name is required');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw new AuthError(400, 'validation_failed', 'friendly_name must be 120 characters or less');
  return name;
}

/** The signed-in user's own passkeys: list, rename, remove (GoTrue's passkey_manage.go). */
export function manageRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/passkeys', async (request) => {
    const who = await signedInUser(context, request, { anonymous: true });
    return (await listPasskeys(context.db, who.record.user.id)).map(passkeyItem);
  });

  app.patch('/passkeys/:id', async (request) => {
    const who = await signedInUser(context, request, { anonymous: true });
    const userId = who.record.user.id;
    checkIdForm(passkeyIdOf(request));
    const name = friendlyNameOf(request);
    const passkey = await ownPasskey(context.db, userId, passkeyIdOf(request));
    const renamed = await renamePasskey(context.db, passkey, name);
    await audit(context.db, request, userId, 'passkey_updated', { passkey_id: passkey.id });
    return passkeyItem(renamed);
  });

  app.delete('/passkeys/:id', async (request, reply) => {
    const who = await signedInUser(context, request, { anonymous: true });
    requireManagementAal(who);
    const userId = who.record.user.id;
    const passkey = await ownPasskey(context.db, userId, passkeyIdOf(request));
    await deletePasskey(context.db, passkey);
    await audit(context.db, request, userId, 'passkey_deleted', { passkey_id: passkey.id });
    return reply.code(204).send();
  });
}
