import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { registerErrorHandler, renderErrorsAs } from '../../lib/error-handler.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, renderAuthError } from '../http/auth-error.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { CURRENT } from '../../../test/auth-helpers.ts';
import { ORIGIN, usePasskeyApp } from '../../../test/passkey-helpers.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { adminPasskeyRoutes } from './admin-passkeys.ts';

/**
 * The admin routes are built to sit inside the admin API's guarded scope (made elsewhere): here
 * they sit in a test scope whose guard is a fixed bearer token, over the same database as the
 * real app that registers the passkeys.
 */
const ADMIN = 'test-service-role';

describe.each(databaseKinds())('admin passkey routes on $name', ({ open }) => {
  const p = usePasskeyApp(open);
  let admin: FastifyInstance;

  beforeAll(async () => {
    admin = Fastify();
    registerErrorHandler(admin);
    renderErrorsAs(admin, renderAuthError);
    await admin.register(
      async (scope) => {
        scope.addHook('onRequest', async (request) => {
          if (request.headers.authorization !== `Bearer ${ADMIN}`)
            throw new AuthError(403, 'not_admin', 'User not allowed');
        });
        adminPasskeyRoutes(scope, { db: p.t.database.db } as AuthContext);
      },
      { prefix: '/auth/v1' },
    );
  });
  afterAll(() => admin?.close());

  const asAdmin = (method: 'GET' | 'DELETE', url: string, token = ADMIN) =>
    admin.inject({
      method,
      url: `/auth/v1${url}`,
      headers: { ...CURRENT, authorization: `Bearer ${token}` },
    });

  async function userWithPasskeys(email: string, count: number) {
    const session = await p.signIn(email);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(
        (await p.register(session, new SoftwareAuthenticator(ORIGIN))).json<{ id: string }>().id,
      );
    return { userId: decodeJwt(session.access_token).sub as string, ids, session };
  }

  it('lists a user’s passkeys in the shape of GET /passkeys', async () => {
    const { userId, ids, session } = await userWithPasskeys('spravce@example.cz', 2);
    await userWithPasskeys('jina@example.cz', 1);
    const res = await asAdmin('GET', `/admin/users/${userId}/passkeys`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await p.call('GET', '/passkeys', { session })).json());
    expect(res.json<{ id: string }[]>().map((item) => item.id)).toEqual(ids);
  });

  it('deletes one passkey of the user, and only theirs', async () => {
    const { userId, ids } = await userWithPasskeys('ztratil@example.cz', 2);
    const other = await userWithPasskeys('cizi-admin@example.cz', 1);
    const foreign = await asAdmin('DELETE', `/admin/users/${userId}/passkeys/${other.ids[0]}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Passkey not found',
    });
    const res = await asAdmin('DELETE', `/admin/users/${userId}/passkeys/${ids[0]}`);
    expect(res.statusCode).toBe(204);
    const left = (await asAdmin('GET', `/admin/users/${userId}/passkeys`)).json<{ id: string }[]>();
    expect(left.map((item) => item.id)).toEqual([ids[1]]);
    const theirs = await asAdmin('GET', `/admin/users/${other.userId}/passkeys`);
    expect(theirs.json()).toHaveLength(1);
  });

  it('answers bad and unknown ids with GoTrue’s 404s, and stays behind the scope’s guard', async () => {
    const { userId } = await userWithPasskeys('idcka@example.cz', 1);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, string, string][] = [
      ['GET', '/admin/users/not-a-uuid/passkeys', 'validation_failed', 'user_id must be an UUID'],
      ['GET', `/admin/users/${nobody}/passkeys`, 'user_not_found', 'User not found'],
      ['DELETE', `/admin/users/${nobody}/passkeys/${nobody}`, 'user_not_found', 'User not found'],
      ['DELETE', `/admin/users/${userId}/passkeys/zzz`, 'validation_failed', 'Passkey not found'],
      [
        'DELETE',
        `/admin/users/${userId}/passkeys/${nobody}`,
        'validation_failed',
        'Passkey not found',
      ],
    ];
    for (const [method, url, code, message] of cases) {
      const res = await asAdmin(method as 'GET' | 'DELETE', url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code, message });
    }
    const unguarded = await asAdmin('GET', `/admin/users/${userId}/passkeys`, 'wrong');
    expect(unguarded.statusCode).toBe(403);
  });
});
