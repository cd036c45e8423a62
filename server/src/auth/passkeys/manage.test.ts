import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { mfaFactors } from '../../db/schema/index.ts';
import { loadConfig } from '../../config/env.ts';
import { databaseKinds, pgliteDatabase } from '../../../test/databases.ts';
import type { WireSession } from '../../../test/auth-helpers.ts';
import { ORIGIN, usePasskeyApp } from '../../../test/passkey-helpers.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';

const NOBODYS = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('the user’s passkeys on $name', ({ open }) => {
  const p = usePasskeyApp(open);

  async function withPasskeys(email: string, count: number) {
    const session = await p.signIn(email);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await p.register(session, new SoftwareAuthenticator(ORIGIN));
      ids.push(res.json<{ id: string }>().id);
    }
    return { session, ids };
  }

  const list = async (session: WireSession) => {
    const res = await p.call('GET', '/passkeys', { session });
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, string>[]>();
  };

  it('lists the user’s own passkeys, oldest first, in GoTrue’s shape', async () => {
    const { session, ids } = await withPasskeys('seznam@example.cz', 2);
    await withPasskeys('soused@example.cz', 1);
    const items = await list(session);
    expect(items.map((item) => item.id)).toEqual(ids);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['created_at', 'friendly_name', 'id']);
    expect(items[0]).toMatchObject({ friendly_name: 'Passkey' });
    expect(new Date(items[0]?.created_at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(items[0]).not.toHaveProperty('last_used_at');
    expect(await list(await p.signIn('nikdo@example.cz'))).toEqual([]);
  });

  it('shows when a passkey was last used to sign in', async () => {
    const session = await p.signIn('pouzity@example.cz');
    const device = new SoftwareAuthenticator(ORIGIN);
    await p.register(session, device);
    expect((await p.passkeySignIn(device)).statusCode).toBe(200);
    const [item] = await list(session);
    expect(new Date(item?.last_used_at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('renames a passkey, within GoTrue’s 120 bytes', async () => {
    const { session, ids } = await withPasskeys('jmeno@example.cz', 1);
    const id = ids[0] as string;
    const renamed = await p.call('PATCH', `/passkeys/${id}`, {
      session,
      payload: { friendly_name: 'Telefon v kuchyni' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, friendly_name: 'Telefon v kuchyni' });
    expect((await list(session))[0]).toMatchObject({ friendly_name: 'Telefon v kuchyni' });
    const cases: [unknown, string, string][] = [
      [{}, 'validation_failed', 'friendly_name is required'],
      [{ friendly_name: '' }, 'validation_failed', 'friendly_name is required'],
      [
        { friendly_name: 'x'.repeat(121) },
        'validation_failed',
        'friendly_name must be 120 characters or less',
      ],
      [
        { friendly_name: 'č'.repeat(61) },
        'validation_failed',
        'friendly_name must be 120 characters or less',
      ],
      [{ friendly_name: 42 }, 'bad_json', 'Could not parse request body as JSON'],
      [['x'], 'bad_json', 'Could not parse request body as JSON'],
    ];
    for (const [payload, code, message] of cases) {
      const res = await p.call('PATCH', `/passkeys/${id}`, { session, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    }
    expect(
      (
        await p.call('PATCH', `/passkeys/${id}`, {
          session,
          payload: { friendly_name: 'x'.repeat(120) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('deletes a passkey, which then no longer signs in', async () => {
    const session = await p.signIn('smazat@example.cz');
    const device = new SoftwareAuthenticator(ORIGIN);
    const id = (await p.register(session, device)).json<{ id: string }>().id;
    const res = await p.call('DELETE', `/passkeys/${id}`, { session });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list(session)).toEqual([]);
    const signIn = await p.passkeySignIn(device);
    expect(signIn.json()).toMatchObject({ code: 'webauthn_verification_failed' });
    const again = await p.call('DELETE', `/passkeys/${id}`, { session });
    expect(again.statusCode).toBe(404);
  });

  it('answers non-UUID, unknown and other users’ ids with GoTrue’s 404', async () => {
    const { session } = await withPasskeys('ja@example.cz', 1);
    const { ids: theirs } = await withPasskeys('oni@example.cz', 1);
    for (const id of ['not-a-uuid', NOBODYS, theirs[0] as string]) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await p.call(method, `/passkeys/${id}`, {
          session,
          payload: method === 'PATCH' ? { friendly_name: 'Moje' } : undefined,
        });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'validation_failed',
          message: 'Passkey not found',
        });
      }
    }
    // A bad id is "not found" before the body is read, as in GoTrue.
    const badBoth = await p.call('PATCH', '/passkeys/nope', { session, payload: {} });
    expect(badBoth.statusCode).toBe(404);
    // Theirs is untouched.
    expect((await list(await p.signIn('oni@example.cz', false))).length).toBe(1);
  });

  it('asks for a session when there is none, and aal2 to delete when the user has MFA', async () => {
    for (const [method, url] of [
      ['GET', '/passkeys'],
      ['PATCH', `/passkeys/${NOBODYS}`],
      ['DELETE', `/passkeys/${NOBODYS}`],
    ] as const) {
      const res = await p.call(method, url, { payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'no_authorization' });
    }
    const { session, ids } = await withPasskeys('dvakrat@example.cz', 1);
    await p.t.database.db.insert(mfaFactors).values({
      userId: decodeJwt(session.access_token).sub as string,
      factorType: 'totp',
      status: 'verified',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    const res = await p.call('DELETE', `/passkeys/${ids[0]}`, { session });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'insufficient_aal' });
    // Renaming and listing are not guarded (GoTrue's rule).
    expect((await list(session)).length).toBe(1);
  });
});

describe('passkeys turned off (AUTH_PASSKEY_ENABLED=false)', () => {
  const p = usePasskeyApp(pgliteDatabase, {
    auth: { ...loadConfig({}).auth, passkeyEnabled: false },
  });

  it('answers every passkey route 404 passkey_disabled and says so in /settings', async () => {
    const session = await p.signIn('vypnuto@example.cz');
    for (const [method, url] of [
      ['POST', '/passkeys/authentication/options'],
      ['POST', '/passkeys/authentication/verify'],
      ['POST', '/passkeys/registration/options'],
      ['POST', '/passkeys/registration/verify'],
      ['GET', '/passkeys'],
      ['PATCH', `/passkeys/${NOBODYS}`],
      ['DELETE', `/passkeys/${NOBODYS}`],
    ] as const) {
      const res = await p.call(method, url, { session, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'passkey_disabled',
        message: 'Passkeys are disabled',
      });
    }
    expect((await p.call('GET', '/settings')).json()).toMatchObject({ passkeys_enabled: false });
  });
});

describe('passkeys on by default', () => {
  const p = usePasskeyApp(pgliteDatabase);
  it('says so in /settings', async () => {
    expect((await p.call('GET', '/settings')).json()).toMatchObject({ passkeys_enabled: true });
  });
});
