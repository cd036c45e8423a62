import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../../../test/admin-helpers.ts';
import { confirmedUser, CURRENT, passwordGrant } from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { expectRefusal, type RefusalCase } from '../../../test/refusals.ts';

interface GeneratedLink {
  id: string;
  email: string;
  new_email?: string;
  email_confirmed_at?: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  invited_at?: string;
  user_metadata: Record<string, unknown>;
  action_link: string;
  email_otp: string;
  hashed_token: string;
  verification_type: string;
  redirect_to: string;
}

const SITE = 'http://localhost:8080';
const PASSWORD = 'dobre-heslo-123';

describe.each(databaseKinds())('POST /admin/generate_link on $name', ({ open }) => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await adminTestApp(open);
    await confirmedUser(a.t, 'potvrzena@example.cz', PASSWORD);
  });
  afterAll(() => a.close());

  const generate = async (body: Record<string, unknown>, query = '') => {
    const res = await a.admin('POST', `/admin/generate_link${query}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GeneratedLink>();
  };
  /** Opens the link as a browser would: the session (or error) from the 303's fragment. */
  const open303 = async (link: string) => {
    const url = new URL(link);
    const res = await a.t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
  };
  const verifyHash = (tokenHash: string, type: string) =>
    a.t.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: { apikey: a.anonKey, ...CURRENT },
      payload: { token_hash: tokenHash, type },
    });
  const getUser = async (id: string) =>
    (await a.admin('GET', `/admin/users/${id}`)).json<GeneratedLink>();

  it('signup: makes the user and answers GoTrue’s flat shape; the link confirms and signs in once', async () => {
    const link = await generate(
      { type: 'signup', email: 'Registrace@Example.cz', password: PASSWORD, data: { name: 'Eva' } },
      `?redirect_to=${encodeURIComponent(`${SITE}/vitej`)}`,
    );
    expect(link).toMatchObject({
      email: 'registrace@example.cz',
      user_metadata: { name: 'Eva' },
      verification_type: 'signup',
      redirect_to: `${SITE}/vitej`,
    });
    expect(link.confirmation_sent_at).toEqual(expect.any(String));
    expect(link.email_confirmed_at).toBeUndefined();
    expect(link.email_otp).toMatch(/^\d{6}$/);
    const action = new URL(link.action_link);
    expect(`${action.origin}${action.pathname}`).toBe(`${SITE}/auth/v1/verify`);
    expect(Object.fromEntries(action.searchParams)).toEqual({
      token: link.hashed_token,
      type: 'signup',
      redirect_to: `${SITE}/vitej`,
    });
    const opened = await open303(link.action_link);
    expect(opened.location.pathname).toBe('/vitej');
    expect(opened.fragment.get('type')).toBe('signup');
    expect(opened.fragment.get('access_token')).toBeTruthy();
    expect((await getUser(link.id)).email_confirmed_at).toEqual(expect.any(String));
    expect((await open303(link.action_link)).fragment.get('error_code')).toBe('otp_expired');
    const signedIn = await passwordGrant(a.t, a.anonKey, {
      email: 'registrace@example.cz',
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('invite: an unconfirmed user with invited_at; verifyOtp({ token_hash }) confirms and signs in', async () => {
    const link = await generate({
      type: 'invite',
      email: 'pozvany@example.cz',
      data: { team: 'A' },
    });
    expect(link).toMatchObject({ verification_type: 'invite', user_metadata: { team: 'A' } });
    expect(link.invited_at).toEqual(expect.any(String));
    expect(new URL(link.action_link).searchParams.get('type')).toBe('invite');
    expect(link.redirect_to).toBe(`${SITE}/`);
    const verified = await verifyHash(link.hashed_token, 'invite');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user: { email: 'pozvany@example.cz' } });
    expect((await getUser(link.id)).email_confirmed_at).toEqual(expect.any(String));
    // Confirmed now: no second invitation, no signup link.
    for (const type of ['invite', 'signup']) {
      const again = await a.admin('POST', '/admin/generate_link', {
        type,
        email: 'pozvany@example.cz',
        password: PASSWORD,
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      });
    }
  });

  it('magiclink: signs an existing user in; for an unknown address it is a signup link', async () => {
    const link = await generate({ type: 'magiclink', email: 'potvrzena@example.cz' });
    expect(link.verification_type).toBe('magiclink');
    expect(link.recovery_sent_at).toEqual(expect.any(String));
    const opened = await open303(link.action_link);
    expect(opened.fragment.get('type')).toBe('magiclink');
    expect(opened.fragment.get('access_token')).toBeTruthy();

    const fresh = await generate({ type: 'magiclink', email: 'novacek@example.cz' });
    expect(fresh.verification_type).toBe('signup');
    expect(new URL(fresh.action_link).searchParams.get('type')).toBe('signup');
    expect((await verifyHash(fresh.hashed_token, 'signup')).statusCode).toBe(200);
  });

  it('recovery: the link signs in for a new password; an unknown address is a 404', async () => {
    const link = await generate({ type: 'recovery', email: 'potvrzena@example.cz' });
    const opened = await open303(link.action_link);
    expect(opened.fragment.get('type')).toBe('recovery');
    const unknown = await a.admin('POST', '/admin/generate_link', {
      type: 'recovery',
      email: 'nikdo@example.cz',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'user_not_found',
      message: 'User with this email not found',
    });
  });

  it('email change: both links are needed; one alone leaves the address as it was', async () => {
    await confirmedUser(a.t, 'stara@example.cz', PASSWORD);
    const current = await generate({
      type: 'email_change_current',
      email: 'stara@example.cz',
      new_email: 'Nova@Example.cz',
    });
    expect(current.new_email).toBe('nova@example.cz');
    expect(new URL(current.action_link).searchParams.get('type')).toBe('email_change');
    const half = await open303(current.action_link);
    expect(half.fragment.get('message')).toMatch(/^Confirmation link accepted/);
    expect((await getUser(current.id)).email).toBe('stara@example.cz');

    const other = await generate({
      type: 'email_change_new',
      email: 'stara@example.cz',
      new_email: 'nova@example.cz',
    });
    expect((await verifyHash(other.hashed_token, 'email_change')).statusCode).toBe(200);
    expect((await getUser(current.id)).email).toBe('nova@example.cz');
  });

  it.each<RefusalCase>([
    [
      { type: 'signup', email: 'bez-hesla@example.cz' },
      400,
      'validation_failed',
      'Signup requires a valid password',
    ],
    [
      { type: 'signup', email: 'slabe@example.cz', password: 'kratke' },
      422,
      'weak_password',
      'Password should be at least 8 characters.',
    ],
    [
      { type: 'email_change_new', email: 'potvrzena@example.cz' },
      400,
      'validation_failed',
      'An email address is required',
    ],
    [
      { type: 'email_change_new', email: 'potvrzena@example.cz', new_email: 'nova@example.cz' },
      422,
      'email_exists',
      'A user with this email address has already been registered',
    ],
    [
      { type: 'email_change_current', email: 'nikdo@example.cz', new_email: 'x@example.cz' },
      404,
      'user_not_found',
      'User with this email not found',
    ],
    [
      { type: 'phone_change', email: 'potvrzena@example.cz' },
      400,
      'validation_failed',
      'Invalid email action link type requested: phone_change',
    ],
    [
      { email: 'potvrzena@example.cz' },
      400,
      'validation_failed',
      'Invalid email action link type requested: ',
    ],
    [{ type: 'signup' }, 400, 'validation_failed', 'An email address is required'],
    [
      { type: 'signup', email: 'nic' },
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    ],
    [
      { type: 7, email: 'a@b.cz' },
      400,
      'bad_json',
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field GenerateLinkParams.type of type string',
    ],
  ])('refuses %j with %i %s', async (...refusal) => {
    expectRefusal(await a.admin('POST', '/admin/generate_link', refusal[0]), refusal);
  });

  it('sends links back only to our own site: a body redirect_to first, else the query’s', async () => {
    const email = `presmerovani-${randomUUID()}@example.cz`;
    await confirmedUser(a.t, email, PASSWORD);
    const own = await generate(
      { type: 'recovery', email, redirect_to: `${SITE}/heslo` },
      `?redirect_to=${encodeURIComponent(`${SITE}/jinam`)}`,
    );
    expect(own.redirect_to).toBe(`${SITE}/heslo`);
    const foreign = await generate(
      { type: 'recovery', email, redirect_to: 'https://evil.example/' },
      `?redirect_to=${encodeURIComponent(`${SITE}/jinam`)}`,
    );
    expect(foreign.redirect_to).toBe(`${SITE}/jinam`);
    const none = await generate({ type: 'recovery', email, redirect_to: 'https://evil.example/' });
    expect(none.redirect_to).toBe(`${SITE}/`);
    // Only the newest link of a kind works.
    expect((await verifyHash(own.hashed_token, 'recovery')).statusCode).toBe(403);
    expect((await verifyHash(none.hashed_token, 'recovery')).statusCode).toBe(200);
  });
});
