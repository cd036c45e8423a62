import { RECENT_SIGN_IN_SECONDS } from '@partak/domain/api/account';
import type { Authenticated } from '../../auth/tokens/access-verifier.ts';
import { checkPassword } from '../../auth/users/passwords.ts';
import { eraseUser } from '../../auth/users/user-erasure.ts';
import { serializeUser } from '../../auth/users/serializers.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { listEvents } from './activity-repository.ts';
import { readBusinessProfile } from './business-profile-repository.ts';
import { listConversations } from './conversations-repository.ts';
import { listGoals } from './goals-repository.ts';
import { listReviews } from './reviews-repository.ts';
import { readReminders } from '../../reminders/reminders-repository.ts';
import { readSettings } from './settings-repository.ts';

/**
 * Everything the app keeps about the user, as one document (GDPR art. 15 and 20): the profile,
 * identities and second factors as `GET /auth/v1/user` shows them (never a password hash, factor
 * secret or token), and all their goals, conversations, activity, weekly reviews, reminder
 * and settings (the reminder without any device's push keys), and the business profile.
 */
export async function exportAccount(db: Db, caller: Authenticated, now: Date) {
  const { user, identities, factors } = caller.record;
  const userId = user.id;
  const conversations = [];
  for (let before: string | undefined, more = true; more; ) {
    const page = await listConversations(db, userId, { limit: 100, before });
    conversations.push(...page.items);
    before = page.next;
    more = page.next !== undefined;
  }
  return {
    exportedAt: now.toISOString(),
    user: serializeUser(user, identities, factors),
    goals: await listGoals(db, userId),
    conversations,
    activity: await listEvents(db, userId),
    reviews: await listReviews(db, userId),
    reminders: await readReminders(db, userId),
    settings: await readSettings(db, userId),
    businessProfile: (await readBusinessProfile(db, userId)) ?? null,
  };
}

/**
 * Whether the caller may delete the account now. With a password, the password (so a token left
 * on a shared computer is not enough); without one (Google or Apple sign-in), a sign-in within the
 * last few minutes. Where the account has a verified second factor, the session must have used it.
 */
export async function checkDeletionAllowed(
  caller: Authenticated,
  password: string | undefined,
  now: Date,
): Promise<void> {
  const { user, factors } = caller.record;
  if (factors.some((factor) => factor.status === 'verified') && caller.claims.aal !== 'aal2') {
    throw new HttpError(403, 'insufficient_aal', 'Deleting the account needs the second factor');
  }
  if (user.encryptedPassword) {
    if (!password || !(await checkPassword(user.encryptedPassword, password))) {
      throw new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    return;
  }
  const signedInAt = caller.session.createdAt.getTime();
  if (now.getTime() - signedInAt > RECENT_SIGN_IN_SECONDS * 1000) {
    throw new HttpError(403, 'reauthentication_needed', 'Sign in again to delete the account');
  }
}

/** Erases the user and everything of theirs (auth/users/user-erasure.ts). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await eraseUser(db, userId);
}
