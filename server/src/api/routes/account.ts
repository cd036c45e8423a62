import { DeleteAccountSchema } from '@partak/domain/api/account';
import type { Billing } from '../../billing/billing-service.ts';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import type { Db } from '../../db/client.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { checkDeletionAllowed, deleteAccount, exportAccount } from '../data/account.ts';
import type { ApiInstance } from '../api-instance.ts';
import { userOf } from '../require-user.ts';
import { SMALL_BODY_LIMIT, type RouteLimit } from './user-data-scope.ts';

/** The user's rights over their account: a copy of everything, and erasure. */
export function accountRoutes(
  app: ApiInstance,
  {
    db,
    limit,
    billing,
    passwordLimit,
  }: { db: Db; limit: RouteLimit; billing: Billing; passwordLimit: Limit },
): void {
  app.get('/account/export', { config: limit }, async (request, reply) => {
    const now = new Date();
    const caller = userOf(request);
    const body = {
      ...(await exportAccount(db, caller, now)),
      subscription: await billing.exportOf(caller.record.user.id),
    };
    const day = now.toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="partak-export-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  // Counted with sign-ins (per IP), since it checks a password: a stolen access token must not
  // become a way to guess the password faster than signing in would.
  app.delete(
    '/account',
    {
      schema: { body: DeleteAccountSchema },
      bodyLimit: SMALL_BODY_LIMIT,
      config: rateLimitFor(passwordLimit, 'token'),
    },
    async (request, reply) => {
      const caller = userOf(request);
      await checkDeletionAllowed(caller, request.body?.password, new Date());
      // The subscription ends first: were the provider unreachable, the deletion is refused (503)
      // rather than leave an erased account paying.
      await billing.endForErasure(caller.record.user.id);
      await deleteAccount(db, caller.record.user.id);
      request.log.info({ user: caller.record.user.id }, 'account deleted');
      return reply.code(204).send();
    },
  );
}
