import type { FastifyInstance } from 'fastify';
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

    const used = await consumeOneTimeToken(context.db, query.token, type.token);
    const record = used && (await loadUser(context.db, used.userId));
    if (!used || !record || record.user.email !== used.relatesTo) {
      return reply.redirect(
        fragment({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      );
    }

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
    if (!fresh) throw new AuthError(400, 'user_not_found', 'User not found');
    const wire = await sessionResponse(context, fresh, session, refreshToken);
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
