import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../../../test/admin-helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';

const PASSWORD = 'dobre-heslo-123';

describe.each(databaseKinds())('a user’s factors through the admin API on $name', ({ open }) => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await adminTestApp(open);
  });
  afterAll(() => a.close());

  const asUser = (session: WireSession, url: string, payload: Record<string, unknown>) =>
    a.t.app.inject({
      method: 'POST',
      url: `/auth/v1${url}`,
      headers: { apikey: a.anonKey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
      payload,
    });

  /** A user signed in at aal2 with a verified TOTP factor, and the factor's id. */
  async function userWithTotp(email: string) {
    const user = await confirmedUser(a.t, email, PASSWORD);
    const session = (
      await passwordGrant(a.t, a.anonKey, { email, password: PASSWORD })
    ).json<WireSession>();
    const factor = (
      await asUser(session, '/factors', { factor_type: 'totp', friendly_name: 'Telefon' })
    ).json<{ id: string; totp: { secret: string } }>();
    const challenge = (await asUser(session, `/factors/${factor.id}/challenge`, {})).json<{
      id: string;
    }>();
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    const verified = await asUser(session, `/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code,
    });
    expect(verified.statusCode).toBe(200);
    return { userId: user.id, factorId: factor.id, session: verified.json<WireSession>() };
  }

  it('lists the factors as GoTrue does, and removing one takes the sessions back to aal1', async () => {
    const { userId, factorId, session } = await userWithTotp('dvakrat@example.cz');
    const listed = await a.admin('GET', `/admin/users/${userId}/factors`);
    expect(listed.statusCode).toBe(200);
    const factors = listed.json<Record<string, unknown>[]>();
    expect(factors).toEqual([
      {
        id: factorId,
        friendly_name: 'Telefon',
        factor_type: 'totp',
        status: 'verified',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_challenged_at: expect.any(String),
        phone: '',
      },
    ]);

    const removed = await a.admin('DELETE', `/admin/users/${userId}/factors/${factorId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(factors[0]);
    expect((await a.admin('GET', `/admin/users/${userId}/factors`)).json()).toEqual([]);
    const refreshed = (
      await refreshGrant(a.t, a.anonKey, session.refresh_token)
    ).json<WireSession>();
    expect(decodeJwt(refreshed.access_token).aal).toBe('aal1');
    const again = await a.admin('DELETE', `/admin/users/${userId}/factors/${factorId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });
  });

  it('answers a user without factors with [] and refuses ids that do not fit', async () => {
    const plain = await confirmedUser(a.t, 'bez-faktoru@example.cz', PASSWORD);
    expect((await a.admin('GET', `/admin/users/${plain.id}/factors`)).json()).toEqual([]);
    const { factorId } = await userWithTotp('cizi-faktor@example.cz');

    const cases = [
      [`/admin/users/${plain.id}/factors/nope`, 'validation_failed', 'factor_id must be an UUID'],
      [`/admin/users/${plain.id}/factors/${factorId}`, 'mfa_factor_not_found', 'Factor not found'],
      [
        `/admin/users/${plain.id}/factors/${randomUUID()}`,
        'mfa_factor_not_found',
        'Factor not found',
      ],
      [`/admin/users/nope/factors/${factorId}`, 'validation_failed', 'user_id must be an UUID'],
      [`/admin/users/${randomUUID()}/factors/${factorId}`, 'user_not_found', 'User not found'],
    ] as const;
    for (const [url, code, message] of cases) {
      const res = await a.admin('DELETE', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code, message });
    }
    expect((await a.admin('GET', `/admin/users/${randomUUID()}/factors`)).statusCode).toBe(404);
  });
});
