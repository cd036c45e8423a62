import type { FastifyRequest } from 'fastify';
import type { MailMessage } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/templates.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuthContext } from '../auth-context.ts';
import { issueOneTimeToken } from './one-time-tokens-repository.ts';
import { startFlow, type PkceChallenge } from '../tokens/pkce.ts';
import { countEmailSent } from '../policies/email-send-limit.ts';
import { queryRedirect, requestLanguage } from '../http/request-details.ts';
import { checkSendFrequency } from '../policies/send-frequency.ts';
import type { UserRow } from '../users/serializers.ts';
import { recordSent } from '../users/users-repository.ts';

const KINDS = {
  signup: {
    token: 'confirmation',
    mail: 'confirmation',
    sentAt: 'confirmationSentAt',
    flow: 'email/signup',
    failure: 'Error sending confirmation email',
  },
  recovery: {
    token: 'recovery',
    mail: 'recovery',
    sentAt: 'recoverySentAt',
    flow: 'recovery',
    failure: 'Error sending recovery email',
  },
  // A magic link is a recovery link by another name (GoTrue): it shares its mail frequency.
  magiclink: {
    token: 'magiclink',
    mail: 'magiclink',
    sentAt: 'recoverySentAt',
    flow: 'magiclink',
    failure: 'Error sending magic link email',
  },
} as const;

/**
 * Sends a mail; a mail server that refuses it or cannot be reached is GoTrue's answer for that
 * mail (a 500 naming it), the real cause going to the log only. Nothing is marked as sent, so the
 * mail frequency does not stand in the way of trying again.
 */
export async function sendMail(
  context: AuthContext,
  mail: MailMessage,
  failure: string,
): Promise<void> {
  try {
    await context.mailer.send(mail);
  } catch (error) {
    throw new HttpError(500, 'unexpected_failure', failure, { cause: error });
  }
}

/** PKCE links carry this prefix, so GET /verify knows to answer with `?code=`. */
export const PKCE_PREFIX = 'pkce_';

/**
 * Mails a one-time link (signup confirmation, password reset or magic sign-in link) and the
 * 6-digit code for the same step to the user, in the language of the browser that asked: at most
 * one per kind per user within the mail frequency, the link returning to `redirect_to` when that
 * is on our own site. With a PKCE challenge the link leads to an auth code instead of a session,
 * which only the browser holding the verifier can redeem.
 */
export async function mailLink(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  type: keyof typeof KINDS,
  pkce?: PkceChallenge,
): Promise<void> {
  const kind = KINDS[type];
  const email = user.email ?? '';
  checkFrequency(context, user[kind.sentAt]);
  await countEmailSent(context.db, context.rateLimits.emailSent);
  const { token, code } = await issueOneTimeToken(
    context.db,
    user.id,
    kind.token,
    email,
    context.otpLifetimeSeconds,
  );
  if (pkce) await startLinkFlow(context, user.id, pkce, kind.flow);
  const link = verifyLink(context, request, pkce ? `${PKCE_PREFIX}${token}` : token, type);
  const mail = renderMail(kind.mail, requestLanguage(request), email, link, { code });
  await sendMail(context, mail, kind.failure);
  await recordSent(context.db, user.id, [kind.sentAt]);
}

/**
 * Starts an email change: one link (and code) to the current address and one to the new one; the
 * change happens when both are confirmed (Supabase's secure email change), so neither a stolen
 * session nor a typo can move the account to an address its owner does not control. With a PKCE
 * challenge the second link opened leads to an auth code. A user without an address yet (an
 * anonymous one) gets the one link to the new address, worded as the sign-up it is.
 */
export async function mailEmailChange(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  newEmail: string,
  pkce?: PkceChallenge,
): Promise<void> {
  const current = user.email ?? '';
  checkFrequency(context, user.emailChangeSentAt);
  const language = requestLanguage(request);
  if (pkce) await startLinkFlow(context, user.id, pkce, 'email_change');
  const targets = [
    ['email_change_current', current],
    ['email_change_new', newEmail],
  ] as const;
  for (const [type, address] of targets.filter(([, address]) => address !== '')) {
    await countEmailSent(context.db, context.rateLimits.emailSent);
    const { token, code } = await issueOneTimeToken(
      context.db,
      user.id,
      type,
      address,
      context.otpLifetimeSeconds,
    );
    const link = verifyLink(
      context,
      request,
      pkce ? `${PKCE_PREFIX}${token}` : token,
      'email_change',
    );
    const values = { from: current, to: newEmail, code };
    await sendMail(
      context,
      renderMail(current ? 'email_change' : 'confirmation', language, address, link, values),
      'Error sending email change email',
    );
  }
  await recordSent(context.db, user.id, ['emailChangeSentAt'], { emailChange: newEmail });
}

/** A PKCE flow waiting for the link, as long as the link lives. */
const startLinkFlow = (context: AuthContext, userId: string, pkce: PkceChallenge, method: string) =>
  startFlow(context.db, { userId, pkce, method, lifetimeSeconds: context.otpLifetimeSeconds });

/** The per-user mail frequency, as in GoTrue: this does reveal that the account exists. */
export const checkFrequency = (context: AuthContext, lastSent: Date | null): void =>
  checkSendFrequency(lastSent, context.emailFrequencySeconds, 'over_email_send_rate_limit');

function verifyLink(
  context: AuthContext,
  request: FastifyRequest,
  token: string,
  type: string,
): string {
  return actionLink(context, token, type, queryRedirect(request, context.siteUrl));
}

/** The GET /verify link for a token: `redirect_to` must already be a safe one (safeRedirect). */
export function actionLink(
  context: AuthContext,
  token: string,
  type: string,
  redirectTo: string,
): string {
  return `${context.siteUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
}
