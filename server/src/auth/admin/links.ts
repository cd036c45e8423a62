import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit, type AuditAction } from '../http/audit.ts';
import { checkPasswordStrength } from '../policies/credential-rules.ts';
import { actionLink } from '../verification/link-mail.ts';
import { issueOneTimeToken, type OneTimeTokenType } from '../verification/one-time-tokens.ts';
import { hashPassword } from '../users/passwords.ts';
import { safeRedirect } from '../http/request-details.ts';
import { serializeUser, type UserRow } from '../users/serializers.ts';
import { findUserByEmail, loadUser } from '../users/users-repository.ts';
import { DUPLICATE_EMAIL, readBody, validEmail } from './params.ts';
import { insertAdminUser, mergeMetadata } from './users-store.ts';

type Params = ReturnType<typeof readLinkParams>;

const readLinkParams = (body: unknown) =>
  readBody('GenerateLinkParams', body, {
    type: 'string',
    email: 'string',
    new_email: 'string',
    password: 'string',
    data: 'map',
    redirect_to: 'string',
  });

/** What each link type issues: the token, the `type` its link carries, what is stamped. */
const LINKS = {
  signup: { token: 'confirmation', link: 'signup', audit: 'user_confirmation_requested' },
  invite: { token: 'confirmation', link: 'invite', audit: 'user_invited' },
  magiclink: { token: 'recovery', link: 'magiclink', audit: 'user_recovery_requested' },
  recovery: { token: 'recovery', link: 'recovery', audit: 'user_recovery_requested' },
  email_change_current: {
    token: 'email_change_current',
    link: 'email_change',
    audit: 'user_email_change_requested',
  },
  email_change_new: {
    token: 'email_change_new',
    link: 'email_change',
    audit: 'user_email_change_requested',
  },
} as const satisfies Record<string, { token: OneTimeTokenType; link: string; audit: AuditAction }>;

type LinkKind = keyof typeof LINKS;
const NEEDS_USER = ['recovery', 'email_change_current', 'email_change_new'];

/**
 * POST /admin/generate_link (GoTrue's mail.go adminGenerateLink): the link and 6-digit code a
 * mail would carry, handed to the caller to send their own way; no mail goes out. Signup and
 * invite make the user when there is none, a magic link for an unknown address becomes a signup.
 * Answered as GoTrue does: the user, plus `action_link`, `email_otp` (the code), `hashed_token`
 * (what the link carries, for `verifyOtp({ token_hash })`), `verification_type`, `redirect_to`.
 */
export function adminLinkRoutes(app: FastifyInstance, context: AuthContext): void {
  app.post('/admin/generate_link', async (request) => {
    const params = readLinkParams(request.body);
    const email = validEmail(params.email);
    const redirectTo = redirectOf(context, request, params.redirect_to);
    let kind = params.type ?? '';
    let user = await findUserByEmail(context.db, email);
    if (!user && kind === 'magiclink') kind = 'signup';
    if (!user && NEEDS_USER.includes(kind))
      throw new AuthError(404, 'user_not_found', 'User with this email not found');
    if (!Object.hasOwn(LINKS, kind)) {
      throw new AuthError(
        400,
        'validation_failed',
        `Invalid email action link type requested: ${kind}`,
      );
    }
    const type = kind as LinkKind;
    user = await prepareUser(context, type, email, user, params, params.type === 'magiclink');
    const relatesTo = await prepareEmailChange(context, type, user, params.new_email);
    const { token, code } = await issueOneTimeToken(
      context.db,
      user.id,
      LINKS[type].token,
      relatesTo,
      context.otpLifetimeSeconds,
    );
    await audit(context.db, request, user.id, LINKS[type].audit, { by: 'admin' });
    const record = await loadUser(context.db, user.id);
    if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
    return {
      ...serializeUser(record.user, record.identities, record.factors),
      action_link: actionLink(context, token, LINKS[type].link, redirectTo),
      email_otp: code,
      hashed_token: token,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
}

/** The body's `redirect_to` when it is on our site, else the query's, else the site (GoTrue). */
function redirectOf(context: AuthContext, request: FastifyRequest, fromBody: string | undefined) {
  if (fromBody && URL.canParse(fromBody, context.siteUrl)) {
    const safe = safeRedirect(fromBody, context.siteUrl);
    if (safe === new URL(fromBody, context.siteUrl).toString()) return safe;
  }
  return safeRedirect((request.query as Record<string, unknown>).redirect_to, context.siteUrl);
}

/**
 * The user the link is for, made when a signup or invite names a new address (a signup needs a
 * password of the usual strength, unless it stands in for a magic link: then the user has none).
 * A confirmed user cannot be signed up or invited again; `sent_at` columns are stamped as GoTrue
 * stamps them.
 */
async function prepareUser(
  context: AuthContext,
  type: LinkKind,
  email: string,
  existing: UserRow | undefined,
  params: Params,
  fromMagicLink: boolean,
): Promise<UserRow> {
  const creates = type === 'signup' || type === 'invite';
  if (existing && creates && existing.emailConfirmedAt)
    throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  let user = existing;
  if (!user) {
    let passwordHash: string | null = null;
    if (type === 'signup' && !fromMagicLink) {
      if (!params.password)
        throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(params.password, context.passwordMinLength);
      passwordHash = await hashPassword(params.password);
    }
    user = await insertAdminUser(context.db, {
      email,
      passwordHash,
      userMetadata: params.data ?? {},
    });
    if (!user) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  }
  const now = new Date();
  const stamps: Partial<typeof users.$inferInsert> =
    type === 'signup'
      ? { confirmationSentAt: now }
      : type === 'invite'
        ? { confirmationSentAt: now, invitedAt: now }
        : type === 'magiclink' || type === 'recovery'
          ? { recoverySentAt: now }
          : {};
  if (type === 'signup' && existing && params.data)
    stamps.userMetadata = mergeMetadata(existing.userMetadata, params.data);
  if (Object.keys(stamps).length === 0) return user;
  const [stamped] = await context.db
    .update(users)
    .set(stamps)
    .where(eq(users.id, user.id))
    .returning();
  return stamped ?? user;
}

/**
 * An email-change link records the new address and returns the address the link belongs to.
 * The change needs both halves confirmed (secure email change, as GoTrue): when this link starts
 * a change (a new address), an unusable link stands in for the other half until that one is
 * generated, so one link alone can never move the account to an address nobody confirmed.
 */
async function prepareEmailChange(
  context: AuthContext,
  type: LinkKind,
  user: UserRow,
  newEmailParam: string | undefined,
): Promise<string> {
  if (type !== 'email_change_current' && type !== 'email_change_new') return user.email ?? '';
  const newEmail = validEmail(newEmailParam);
  const owner = await findUserByEmail(context.db, newEmail);
  if (owner && owner.id !== user.id) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  const starts = user.emailChange !== newEmail;
  await context.db
    .update(users)
    .set({ emailChange: newEmail, emailChangeSentAt: new Date() })
    .where(eq(users.id, user.id));
  const other = type === 'email_change_current' ? 'email_change_new' : 'email_change_current';
  if (starts) {
    const address = other === 'email_change_new' ? newEmail : (user.email ?? '');
    await issueOneTimeToken(context.db, user.id, other, address, context.otpLifetimeSeconds);
  }
  return type === 'email_change_current' ? (user.email ?? '') : newEmail;
}
