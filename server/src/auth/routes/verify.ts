import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { consumeOneTimeToken, type OneTimeTokenType } from '../one-time-tokens.ts';
import { safeRedirect } from '../request-details.ts';
import { sessionResponse } from '../session-response.ts';
import { createSession } from '../sessions-repository.ts';
import { loadUser } from '../users-repository.ts';

/** Link types and the one-time token and sign-in method behind each. */
const LINK_TYPES: Record<string, { token: OneTimeTokenType; method: string }> = {
  signup: { token: 'confirmation', method: 'otp' },
  recovery: { token: 'recovery', method: 'recovery' },
};

/**
 * GET /verify: the link in a confirmation or recovery mail (contract §2.6). A valid link confirms
 * the address, signs the user in and sends the browser back with the session in the URL fragment
 * (never in the query, so it reaches neither server logs nor Referer headers). A used, unknown or
 * expired link comes back as an error in the fragment.
 */
export function verifyRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/verify', async (request) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const type = typeof input.type === 'string' ? LINK_TYPES[input.type] : undefined;
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const token = typeof input.token_hash === 'string' ? input.token_hash : undefined;
    if (!token)
      throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    const session = await signInWithLink(context, token, type, request);
    if (!session) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    return session;
  });

  app.get('/verify', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const type = typeof query.type === 'string' ? LINK_TYPES[query.type] : undefined;
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (typeof query.token !== 'string' || query.token === '') {
      throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    }
    const redirect = safeRedirect(query.redirect_to, context.siteUrl);
    const fragment = (values: Record<string, string>) =>
      `${redirect.split('#')[0]}#${new URLSearchParams({ ...values, sb: '' })}`;

    const wire = await signInWithLink(context, query.token, type, request);
    if (!wire) {
      return reply.redirect(
        fragment({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      );
    }
    return reply.redirect(
      fragment({
        access_token: wire.access_token,
        expires_at: String(wire.expires_at),
        expires_in: String(wire.expires_in),
        refresh_token: wire.refresh_token,
        token_type: 'bearer',
        type: String(query.type),
      }),
      303,
    );
  });
}

/**
 * Uses an email link's token once: confirms the address (a reset link proves it too), starts a
 * session for the link's sign-in method and returns it — or undefined for a used, unknown or
 * expired token, or one whose address has changed since it was sent.
 */
async function signInWithLink(
  context: AuthContext,
  token: string,
  type: { token: OneTimeTokenType; method: string },
  request: FastifyRequest,
) {
  const used = await consumeOneTimeToken(context.db, token, type.token);
  const record = used && (await loadUser(context.db, used.userId));
  if (!used || !record || record.user.email !== used.relatesTo) return undefined;
  const now = new Date();
  await context.db
    .update(users)
    .set({
      emailConfirmedAt: record.user.emailConfirmedAt ?? now,
      lastSignInAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, record.user.id));
  const { session, refreshToken } = await createSession(context.db, record.user.id, type.method, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const fresh = await loadUser(context.db, record.user.id);
  if (!fresh) return undefined;
  return sessionResponse(context, fresh, session, refreshToken);
}
