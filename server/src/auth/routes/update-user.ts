import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import { checkPasswordStrength, requireEmailFormat } from '../policies/credential-rules.ts';
import { applyEmailChange } from '../verification/email-links.ts';
import { mailEmailChange } from '../verification/link-mail.ts';
import { requireReauthentication } from '../verification/reauthentication.ts';
import {
  refuseTakenPhone,
  requestedPhone,
  startPhoneChange,
} from '../verification/phone-change.ts';
import { readPkceChallenge } from '../tokens/pkce.ts';
import { checkPassword, hashPassword } from '../users/passwords.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { serializeUser } from '../users/serializers.ts';
import { findUserByEmail, loadUser, normalizeEmail } from '../users/users-repository.ts';
import { firstPartyUser } from '../http/first-party.ts';

const body = z.object({
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  nonce: z.string().nullish(),
  channel: z.unknown().optional(),
  app_metadata: z.unknown().optional(),
});

/**
 * PUT /user (GoTrue's user.go): a new password (after a reset link, or from the profile; with
 * AUTH_SECURE_PASSWORD_CHANGE from an old session only with a reauthentication nonce), a new email
 * address (confirmed through links to both addresses), a new phone number (confirmed by a texted
 * code) and user metadata. An anonymous user adds an address this way and becomes permanent once
 * it is confirmed (at once with AUTH_AUTOCONFIRM).
 */
export function updateUserRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.otp, 'otp');
  app.put('/user', { config }, async (request) => {
    const caller = await firstPartyUser(context, request);
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid user update');
    const { password, data, nonce, phone, channel } = parsed.data;
    const { user } = caller.record;
    const email = parsed.data.email ? normalizeEmail(parsed.data.email) : undefined;
    const newEmail = email && email !== user.email ? email : undefined;
    const newPhone = phone ? requestedPhone(user, phone, channel) : undefined;
    await checkUpdate(context, caller, parsed.data, newEmail, newPhone);
    if (password) {
      await requireReauthentication(context, caller, nonce);
      await changePassword(context, request, caller, password);
    }
    if (newEmail) await startEmailChange(context, request, caller, newEmail);
    if (newPhone) await startPhoneChange(context, request, user, newPhone);
    if (data) {
      const merged = { ...(user.userMetadata as Record<string, unknown>), ...data };
      await context.db
        .update(users)
        .set({ userMetadata: merged, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await audit(context.db, request, user.id, 'user_modified');
    }
    const fresh = await loadUser(context.db, user.id);
    if (!fresh) throw new AuthError(403, 'user_not_found', 'User not found');
    return serializeUser(fresh.user, fresh.identities, fresh.factors);
  });
}

/** Every refusal that comes before anything changes, in GoTrue's order (`UserUpdate`). */
async function checkUpdate(
  context: AuthContext,
  { record, session }: Authenticated,
  input: z.infer<typeof body>,
  newEmail: string | undefined,
  newPhone: string | undefined,
): Promise<void> {
  const { password, email, phone } = input;
  if (email) requireEmailFormat(email);
  if (password) checkPasswordStrength(password, context.passwordMinLength);
  if (input.app_metadata !== undefined)
    throw new AuthError(403, 'not_admin', 'User not allowed to update app_metadata');
  const hasVerifiedFactor = record.factors.some((f) => f.status === 'verified');
  // With a second factor set up, the password alone must not be enough to take the account over.
  if ((password || newEmail || newPhone) && hasVerifiedFactor && session.aal !== 'aal2')
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  // An anonymous user's password comes with (or after) an address, never alone.
  if (password && record.user.isAnonymous && !email && !phone) {
    throw new AuthError(
      422,
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (newEmail && (await findUserByEmail(context.db, newEmail))) {
    throw new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
  if (newPhone) await refuseTakenPhone(context, newPhone);
}

/**
 * A new password ends every other session of the user and voids outstanding links (a reset link
 * in a mailbox must not outlive the password it was meant to replace); this session stays.
 */
async function changePassword(
  context: AuthContext,
  request: FastifyRequest,
  { record, session }: Authenticated,
  password: string,
): Promise<void> {
  if (await checkPassword(record.user.encryptedPassword, password)) {
    throw new AuthError(
      422,
      'same_password',
      'New password should be different from the old password.',
    );
  }
  const passwordHash = await hashPassword(password);
  await context.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ encryptedPassword: passwordHash, updatedAt: new Date() })
      .where(eq(users.id, record.user.id));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, record.user.id), ne(sessions.id, session.id)));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, record.user.id));
  });
  await audit(context.db, request, record.user.id, 'user_updated_password');
}

async function startEmailChange(
  context: AuthContext,
  request: FastifyRequest,
  { record }: Authenticated,
  email: string,
): Promise<void> {
  // Reload: a password change in the same request has just voided the earlier links.
  const user = (await loadUser(context.db, record.user.id))?.user ?? record.user;
  if (user.isAnonymous && context.options.autoconfirm) {
    // GoTrue: with autoconfirm an anonymous user's new address needs no link, like a sign-up.
    await applyEmailChange(context.db, user.id, email);
    await audit(context.db, request, user.id, 'user_modified');
    return;
  }
  await mailEmailChange(context, request, user, email, readPkceChallenge(request.body));
  await audit(context.db, request, user.id, 'user_email_change_requested');
}
