import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { renderMail } from '../../mail/templates.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { issueOneTimeToken } from '../one-time-tokens.ts';
import { requestLanguage, safeRedirect } from '../request-details.ts';
import { findUserByEmail } from '../users-repository.ts';

const body = z.object({ email: z.string().optional() });

/**
 * POST /recover (contract §2.4): mails a password-reset link. Unknown addresses get the same `{}`
 * as known ones, so the form cannot be used to find out who has an account.
 */
export function recoverRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/recover', async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    const email = parsed.success ? parsed.data.email?.trim() : undefined;
    if (!email)
      throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    const user = await findUserByEmail(context.db, email);
    if (!user?.email) return {};

    const since = user.recoverySentAt
      ? (Date.now() - user.recoverySentAt.getTime()) / 1000
      : Infinity;
    if (since < context.emailFrequencySeconds) {
      const wait = Math.ceil(context.emailFrequencySeconds - since);
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
    const redirect = safeRedirect(
      (request.query as Record<string, unknown>).redirect_to,
      context.siteUrl,
    );
    const token = await issueOneTimeToken(
      context.db,
      user.id,
      'recovery',
      user.email,
      context.otpLifetimeSeconds,
    );
    const link = `${context.siteUrl}/auth/v1/verify?${new URLSearchParams({ token, type: 'recovery', redirect_to: redirect })}`;
    await context.mailer.send(renderMail('recovery', requestLanguage(request), user.email, link));
    await context.db.update(users).set({ recoverySentAt: new Date() }).where(eq(users.id, user.id));
    return {};
  });
}
