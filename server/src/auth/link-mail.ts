import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { renderMail } from '../mail/templates.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError } from './auth-error.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { requestLanguage, safeRedirect } from './request-details.ts';
import type { UserRow } from './serializers.ts';

const KINDS = {
  signup: { token: 'confirmation', mail: 'confirmation', sentAt: 'confirmationSentAt' },
  recovery: { token: 'recovery', mail: 'recovery', sentAt: 'recoverySentAt' },
} as const;

/**
 * Mails a one-time link (signup confirmation or password reset) to the user, in the language of
 * the browser that asked: at most one per kind per user within the mail frequency, the link
 * returning to `redirect_to` when that is on our own site.
 */
export async function mailLink(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  type: keyof typeof KINDS,
): Promise<void> {
  const kind = KINDS[type];
  const email = user.email ?? '';
  const lastSent = user[kind.sentAt];
  const since = lastSent ? (Date.now() - lastSent.getTime()) / 1000 : Infinity;
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
    kind.token,
    email,
    context.otpLifetimeSeconds,
  );
  const link = `${context.siteUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirect })}`;
  await context.mailer.send(renderMail(kind.mail, requestLanguage(request), email, link));
  await context.db
    .update(users)
    .set({ [kind.sentAt]: new Date() })
    .where(eq(users.id, user.id));
}
