import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { renderMail } from '../../mail/templates.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { countEmailSent } from '../policies/email-send-limit.ts';
import { actionLink, sendMail } from '../verification/link-mail.ts';
import { issueOneTimeToken } from '../verification/one-time-tokens.ts';
import { requestLanguage, safeRedirect } from '../http/request-details.ts';
import { serializeUser, type UserRow } from '../users/serializers.ts';
import { findUserByEmail, loadUser } from '../users/users-repository.ts';
import { DUPLICATE_EMAIL, readBody, validEmail } from './params.ts';
import { insertAdminUser } from './users-store.ts';

/**
 * POST /invite (GoTrue's invite.go, admin only): makes the user — unconfirmed, without a
 * password, `data` as user metadata — and mails an invitation with a link and a 6-digit code.
 * Opening the link confirms the address and signs the user in (GET /verify, type `invite`), who
 * then sets a password. An unconfirmed user is invited again; a confirmed one is a 422.
 */
export function inviteRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/invite', async (request) => {
    const params = readBody('InviteParams', request.body, { email: 'string', data: 'map' });
    const email = validEmail(params.email);
    const existing = await findUserByEmail(context.db, email);
    if (existing?.emailConfirmedAt) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    const user =
      existing ?? (await insertAdminUser(context.db, { email, userMetadata: params.data ?? {} }));
    if (!user) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    try {
      await mailInvite(context, request, user);
    } catch (error) {
      // As GoTrue's one transaction would: a user made for an invite that never left is undone.
      if (!existing) await context.db.delete(users).where(eq(users.id, user.id));
      throw error;
    }
    await audit(context.db, request, user.id, 'user_invited');
    const record = await loadUser(context.db, user.id);
    if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
    return serializeUser(record.user, record.identities, record.factors);
  });
}

/**
 * The invitation, in the language of the request (Czech unless it asks for another), counted
 * against the server-wide mail limit; the link leads back to `redirect_to` when that is on our
 * site. Only the newest invitation's link and code work (issueOneTimeToken).
 */
async function mailInvite(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<void> {
  const email = user.email ?? '';
  await countEmailSent(context.db, context.rateLimits.emailSent);
  const { token, code } = await issueOneTimeToken(
    context.db,
    user.id,
    'confirmation',
    email,
    context.otpLifetimeSeconds,
  );
  const redirectTo = safeRedirect(
    (request.query as Record<string, unknown>).redirect_to,
    context.siteUrl,
  );
  const link = actionLink(context, token, 'invite', redirectTo);
  const mail = renderMail('invite', requestLanguage(request), email, link, { code });
  await sendMail(context, mail, 'Error sending invite email');
  const now = new Date();
  await context.db
    .update(users)
    .set({ invitedAt: now, confirmationSentAt: now })
    .where(eq(users.id, user.id));
}
