import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/secure-random.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { deletePasskey, listPasskeys, ownPasskey } from './passkeys-repository.ts';
import { passkeyItem } from './passkey-wire.ts';

/** The user the path names, as GoTrue's admin `loadUser` finds them (its 404s). */
async function pathUser(context: AuthContext, request: FastifyRequest): Promise<string> {
  const { id } = request.params as { id: string };
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const [user] = await context.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user.id;
}

/**
 * A user's passkeys for the admin API (GoTrue's passkey_admin.go): list, and remove one, e.g.
 * for a user who lost the device. Registers no guard of its own: it belongs inside the admin
 * scope, after the check of the service-role key.
 */
export function adminPasskeyRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/admin/users/:id/passkeys', async (request) => {
    const userId = await pathUser(context, request);
    return (await listPasskeys(context.db, userId)).map(passkeyItem);
  });

  app.delete('/admin/users/:id/passkeys/:passkeyId', async (request, reply) => {
    const userId = await pathUser(context, request);
    const { passkeyId } = request.params as { passkeyId: string };
    const passkey = await ownPasskey(context.db, userId, passkeyId);
    await deletePasskey(context.db, passkey);
    await audit(context.db, request, userId, 'passkey_deleted', {
      passkey_id: passkey.id,
      actor: 'admin',
    });
    return reply.code(204).send();
  });
}
