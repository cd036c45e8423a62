import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { authenticate } from '../authenticate.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { serializeUser } from '../serializers.ts';
import { loadUser } from '../users-repository.ts';
import { checkPasswordStrength } from './signup.ts';

const body = z.object({
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

/**
 * PUT /user (contract §2.8): a new password (after a reset link, or from the profile) and user
 * metadata. A new password ends every other session of the user and voids outstanding reset and
 * confirmation links; the session that changed it stays signed in.
 */
export function updateUserRoute(app: FastifyInstance, context: AuthContext): void {
  app.put('/user', async (request) => {
    const { record, session } = await authenticate(context, request);
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid user update');
    const { password, data, email, phone } = parsed.data;
    if (email !== undefined && email.trim().toLowerCase() !== record.user.email) {
      throw new AuthError(
        422,
        'email_change_not_supported',
        'Changing the email address is not supported yet',
      );
    }
    if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');

    const now = new Date();
    if (password !== undefined) {
      checkPasswordStrength(password, context.passwordMinLength);
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
          .set({ encryptedPassword: passwordHash, updatedAt: now })
          .where(eq(users.id, record.user.id));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, record.user.id), ne(sessions.id, session.id)));
        await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, record.user.id));
      });
    }
    if (data) {
      const merged = { ...(record.user.userMetadata as Record<string, unknown>), ...data };
      await context.db
        .update(users)
        .set({ userMetadata: merged, updatedAt: now })
        .where(eq(users.id, record.user.id));
    }
    const fresh = await loadUser(context.db, record.user.id);
    if (!fresh) throw new AuthError(403, 'user_not_found', 'User not found');
    return serializeUser(fresh.user, fresh.identities, fresh.factors);
  });
}
