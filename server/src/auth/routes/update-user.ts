import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
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
import { PKCE_FIELDS, readPkceChallenge } from '../tokens/pkce.ts';
import { field, readBody, requestInput } from '../http/request-input.ts';
import { checkPassword, hashPassword } from '../users/passwords.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { serializeUser } from '../users/serializers.ts';
import {
  findUserByEmail,
  loadUser,
  mergeUserMetadata,
  normalizeEmail,
  setPassword,
} from '../users/users-repository.ts';
import { endSessions } from '../tokens/sessions-repository.ts';
import { voidOneTimeTokens } from '../verification/one-time-tokens-repository.ts';
import { firstPartyUser } from '../http/first-party.ts';

const updateParams = requestInput(
  'UserUpdateParams',
  z.object({
    password: field.string,
    data: field.map,
    email: field.string,
    phone: field.string,
    nonce: field.string,
    channel: field.any,
    app_metadata: field.any,
    ...PKCE_FIELDS,
  }),
  { refuse: () => new AuthError(400, 'validation_failed', 'Invalid user update') },
);
type UpdateParams = z.output<typeof updateParams.schema>;

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
    const input = readBody(request, updateParams);
    const { password, data, nonce, phone, channel } = input;
    const { user } = caller.record;
    const email = input.email ? normalizeEmail(input.email) : undefined;
    const newEmail = email && email !== user.email ? email : undefined;
    const newPhone = phone ? requestedPhone(user, phone, channel) : undefined;
    await checkUpdate(context, caller, input, newEmail, newPhone);
    if (password) {
      await requireReauthentication(context, caller, nonce);
      await changePassword(context, request, caller, password);
    }
    if (newEmail) await startEmailChange(context, request, caller, newEmail, input);
    if (newPhone) await startPhoneChange(context, request, user, newPhone);
    if (data) {
      await mergeUserMetadata(context.db, user, data);
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
  input: UpdateParams,
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
    await setPassword(tx, record.user.id, passwordHash);
    await endSessions(tx, record.user.id, session.id, 'others');
    await voidOneTimeTokens(tx, record.user.id);
  });
  await audit(context.db, request, record.user.id, 'user_updated_password');
}

async function startEmailChange(
  context: AuthContext,
  request: FastifyRequest,
  { record }: Authenticated,
  email: string,
  input: UpdateParams,
): Promise<void> {
  // Reload: a password change in the same request has just voided the earlier links.
  const user = (await loadUser(context.db, record.user.id))?.user ?? record.user;
  if (user.isAnonymous && context.options.autoconfirm) {
    // GoTrue: with autoconfirm an anonymous user's new address needs no link, like a sign-up.
    await applyEmailChange(context.db, user.id, email);
    await audit(context.db, request, user.id, 'user_modified');
    return;
  }
  await mailEmailChange(context, request, user, email, readPkceChallenge(input));
  await audit(context.db, request, user.id, 'user_email_change_requested');
}
