import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { checkPasswordLength, checkPasswordStrength } from '../policies/credential-rules.ts';
import { hashPassword } from '../users/passwords.ts';
import { AUDIENCE, serializeUser } from '../users/serializers.ts';
import { eraseUser } from '../users/user-erasure.ts';
import { findUserByEmail, loadUser, type UserRecord } from '../users/users-repository.ts';
import { DUPLICATE_EMAIL, readBody, userIdParam, validEmail, validPhone } from './params.ts';
import { bannedUntil, customUserId, importedHash, readUserParams } from './user-params.ts';
import { listUsers, pageOf, paginationHeaders } from './users-list.ts';
import {
  applyChanges,
  insertAdminUser,
  isUniqueViolation,
  phoneTaken,
  softDeleteUser,
} from './users-store.ts';

const DUPLICATE_PHONE = 'Phone number already registered by another user';

const wire = (record: UserRecord) => serializeUser(record.user, record.identities, record.factors);

/** The user a path names: GoTrue's 404s for a malformed id and for an unknown user. */
export async function targetUser(context: AuthContext, request: FastifyRequest) {
  const id = userIdParam((request.params as { id?: unknown }).id);
  const record = await loadUser(context.db, id);
  if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
  return record;
}

async function reload(context: AuthContext, id: string) {
  const record = await loadUser(context.db, id);
  if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
  return wire(record);
}

/** The admin API's users (GoTrue's admin.go): list, create, read, update, delete. */
export function adminUserRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/admin/users', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const page = pageOf(query);
    const filter = typeof query.filter === 'string' ? query.filter : '';
    const { records, total } = await listUsers(context.db, page, filter);
    paginationHeaders(request, reply, page, total);
    return { users: records.map(wire), aud: AUDIENCE };
  });

  app.post('/admin/users', async (request) => {
    const user = await createUser(context, request.body);
    const provider = user.email ? 'email' : 'phone';
    await audit(context.db, request, user.id, 'user_signedup', { provider, by: 'admin' });
    return reload(context, user.id);
  });

  app.get('/admin/users/:id', async (request) => wire(await targetUser(context, request)));

  app.put('/admin/users/:id', async (request) => {
    const { user } = await targetUser(context, request);
    await updateUser(context, user, request.body);
    await audit(context.db, request, user.id, 'user_modified', { by: 'admin' });
    return reload(context, user.id);
  });

  app.delete('/admin/users/:id', async (request) => {
    const { user } = await targetUser(context, request);
    const soft = readBody('adminUserDeleteParams', request.body, {
      should_soft_delete: 'bool',
    }).should_soft_delete;
    if (!soft) await eraseUser(context.db, user.id);
    else if (!user.deletedAt) {
      await softDeleteUser(context.db, user);
      await audit(context.db, request, user.id, 'user_deleted', { soft: 'true' });
    }
    return {};
  });
}

/**
 * POST /admin/users, checked in GoTrue's order. As in GoTrue, the admin may set any password
 * up to 72 characters (no strength rule) and confirm addresses outright; without a password the
 * user has none until a link or an update gives one.
 */
async function createUser(context: AuthContext, body: unknown) {
  const params = readUserParams(body);
  if (!params.email && !params.phone) {
    throw new AuthError(
      400,
      'validation_failed',
      'Cannot create a user without either an email or phone',
    );
  }
  const email = params.email ? validEmail(params.email) : undefined;
  if (email && (await findUserByEmail(context.db, email)))
    throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  const phone = params.phone ? validPhone(params.phone) : undefined;
  if (phone && (await phoneTaken(context.db, phone)))
    throw new AuthError(422, 'phone_exists', DUPLICATE_PHONE);
  if (params.password !== undefined && params.password_hash) {
    throw new AuthError(
      400,
      'validation_failed',
      'Only a password or a password hash should be provided',
    );
  }
  if (params.password) checkPasswordLength(params.password);
  const id = customUserId(params.id);
  const banned = bannedUntil(params.ban_duration);
  const passwordHash = params.password_hash
    ? importedHash(params.password_hash)
    : params.password
      ? await hashPassword(params.password)
      : null;
  const user = await insertAdminUser(context.db, {
    ...(id ? { id } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    passwordHash,
    emailConfirmed: params.email_confirm ?? false,
    phoneConfirmed: params.phone_confirm ?? false,
    userMetadata: params.user_metadata ?? {},
    appMetadata: params.app_metadata ?? {},
    ...(banned !== undefined ? { bannedUntil: banned } : {}),
  });
  if (!user) {
    if (id && (await loadUser(context.db, id)))
      throw new AuthError(422, 'user_already_exists', 'A user with this ID already exists');
    throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  }
  return user;
}

/** PUT /admin/users/{id}, checked in GoTrue's order; a taken address is a 422, never a 500. */
async function updateUser(context: AuthContext, user: UserRecord['user'], body: unknown) {
  const params = readUserParams(body);
  const email = params.email ? validEmail(params.email) : undefined;
  const phone = params.phone ? validPhone(params.phone) : undefined;
  const banned = bannedUntil(params.ban_duration);
  if (params.password !== undefined)
    checkPasswordStrength(params.password, context.passwordMinLength);
  if (email && email !== user.email) {
    const owner = await findUserByEmail(context.db, email);
    if (owner && owner.id !== user.id) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  }
  if (phone && (await phoneTaken(context.db, phone, user.id)))
    throw new AuthError(422, 'phone_exists', DUPLICATE_PHONE);
  try {
    await applyChanges(context.db, user, {
      ...(params.email_confirm ? { emailConfirm: true } : {}),
      ...(params.phone_confirm ? { phoneConfirm: true } : {}),
      ...(params.password !== undefined
        ? { passwordHash: await hashPassword(params.password) }
        : {}),
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(params.app_metadata ? { appMetadata: params.app_metadata } : {}),
      ...(params.user_metadata ? { userMetadata: params.user_metadata } : {}),
      ...(banned !== undefined ? { bannedUntil: banned } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    throw error;
  }
}
