import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

const t = useTestApp({ siteUrl: 'http://localhost:8080' });

async function signIn(email: string): Promise<WireSession> {
  await confirmedUser(t, email, 'dobre-heslo-123');
  return (await passwordGrant(t, t.apikey, { email, password: 'dobre-heslo-123' })).json();
}

const updateUser = (session: WireSession, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/auth/v1/user',
    headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
    payload,
  });

const linkTo = (to: string) => {
  const mail = t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};

const open = async (link: string) => {
  const res = await t.app.inject({ url: link.replace('http://localhost:8080', '') });
  expect(res.statusCode).toBe(303);
  return new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
};

describe('PUT /user with a new email (secure email change)', () => {
  it('mails both addresses and moves the account once both links are opened', async () => {
    const session = await signIn('stary@example.cz');
    const res = await updateUser(session, { email: 'Novy@Example.cz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'stary@example.cz',
      new_email: 'novy@example.cz',
      email_change_sent_at: expect.any(String),
    });
    const toOld = linkTo('stary@example.cz');
    const toNew = linkTo('novy@example.cz');
    expect(toOld.text).toContain('novy@example.cz');
    expect(toNew.link).toContain('type=email_change');

    const first = await open(toNew.link);
    expect(first.get('message')).toMatch(/Confirmation link accepted/);
    expect(first.get('access_token')).toBeNull();
    const second = await open(toOld.link);
    expect(second.get('type')).toBe('email_change');
    expect(second.get('access_token')).toBeTruthy();

    const me = await t.app.inject({
      url: '/auth/v1/user',
      headers: {
        apikey: t.apikey,
        ...CURRENT,
        authorization: `Bearer ${second.get('access_token')}`,
      },
    });
    expect(me.json()).toMatchObject({ email: 'novy@example.cz' });
    expect(me.json<{ new_email?: string }>().new_email).toBeUndefined();
    expect(me.json<{ identities: { email: string }[] }>().identities[0]?.email).toBe(
      'novy@example.cz',
    );
    const login = await passwordGrant(t, t.apikey, {
      email: 'novy@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken address, a malformed one and app_metadata', async () => {
    await confirmedUser(t, 'obsazeny@example.cz', 'dobre-heslo-123');
    const session = await signIn('menic@example.cz');
    const taken = await updateUser(session, { email: 'obsazeny@example.cz' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'email_exists' });
    const malformed = await updateUser(session, { email: 'bez-zavinace' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_failed' });
    const admin = await updateUser(session, { app_metadata: { role: 'admin' } });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'not_admin' });
  });

  it('asks for the same address again only after the mail frequency', async () => {
    const session = await signIn('spechajici@example.cz');
    expect((await updateUser(session, { email: 'jinde@example.cz' })).statusCode).toBe(200);
    const again = await updateUser(session, { email: 'jinde2@example.cz' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
  });
});
