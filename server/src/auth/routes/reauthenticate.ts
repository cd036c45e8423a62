import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendReauthenticationNonce } from '../verification/reauthentication.ts';
import { firstPartyUser } from '../http/first-party.ts';

/**
 * GET /reauthenticate (supabase-js `reauthenticate()`): mails the signed-in user a nonce for
 * PUT /user `{ password, nonce }`, answering `{}`. Like GoTrue it has no request limit of its own;
 * the mail frequency and the global mail limit bound it (reauthentication.ts).
 */
export function reauthenticateRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/reauthenticate', async (request) => {
    const { record } = await firstPartyUser(context, request);
    await sendReauthenticationNonce(context, request, record.user);
    return {};
  });
}
