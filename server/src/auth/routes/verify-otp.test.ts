import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { issueOneTimeToken } from '../verification/one-time-tokens.ts';
import { createEmailUser } from '../users/users-repository.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { expectRefusals, type RefusalCase } from '../../../test/refusals.ts';
import { confirmedUser, passwordGrant, type WireSession } from '../../../test/auth-helpers.ts';
import {
  codeIn,
  fragmentOf,
  lastMailTo,
  openLink,
  post,
  SITE,
  useAppOn,
  wrongCode,
} from '../../../test/otp-helpers.ts';

const amrOf = (session: WireSession) =>
  (decodeJwt(session.access_token).amr as { method: string }[]).map((entry) => entry.method);

describe.each(databaseKinds())('POST /verify with a code or a token hash on $name', ({ open }) => {
  const app = useAppOn(open);
  const verify = (payload: unknown, query = '') =>
    post(app.t, app.apikey, `/verify${query}`, payload);

  it('signup: the confirmation code confirms and signs in; the same code for another address is nothing', async () => {
    await post(app.t, app.apikey, '/signup', {
      email: 'nova@example.cz',
      password: 'dobre-heslo-123',
    });
    await post(app.t, app.apikey, '/signup', {
      email: 'jina@example.cz',
      password: 'dobre-heslo-123',
    });
    const code = codeIn(lastMailTo(app.t, 'nova@example.cz').text);
    const other = await verify({ email: 'jina@example.cz', token: code, type: 'signup' });
    expect(other.statusCode).toBe(403);
    const res = await verify({ email: 'nova@example.cz', token: code, type: 'signup' });
    expect(res.statusCode).toBe(200);
    const session = res.json<WireSession>();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user).toMatchObject({ email_confirmed_at: expect.any(String) });
    expect(amrOf(session)).toEqual(['otp']);
    const login = await passwordGrant(app.t, app.apikey, {
      email: 'nova@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(login.statusCode).toBe(200);
  });

  it('recovery: the reset code signs in as a recovery (and confirms an unconfirmed address)', async () => {
    await post(app.t, app.apikey, '/signup', {
      email: 'zapomnel@example.cz',
      password: 'dobre-heslo-123',
    });
    await post(app.t, app.apikey, '/recover', { email: 'zapomnel@example.cz' });
    const mail = lastMailTo(app.t, 'zapomnel@example.cz');
    expect(mail.subject).toBe('Obnova hesla v Parťákovi');
    const res = await verify({
      email: 'zapomnel@example.cz',
      token: codeIn(mail.text),
      type: 'recovery',
    });
    expect(res.statusCode).toBe(200);
    expect(amrOf(res.json<WireSession>())).toEqual(['recovery']);
    expect(res.json<WireSession>().user).toMatchObject({ email_confirmed_at: expect.any(String) });
  });

  it('email_change: each address’s own code; the first answers GoTrue’s message, the second moves the account', async () => {
    await confirmedUser(app.t, 'stara-adresa@example.cz', 'dobre-heslo-123');
    const session = (
      await passwordGrant(app.t, app.apikey, {
        email: 'stara-adresa@example.cz',
        password: 'dobre-heslo-123',
      })
    ).json<WireSession>();
    await app.t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: app.apikey, authorization: `Bearer ${session.access_token}` },
      payload: { email: 'nova-adresa@example.cz' },
    });
    const toOld = lastMailTo(app.t, 'stara-adresa@example.cz');
    const toNew = lastMailTo(app.t, 'nova-adresa@example.cz');
    expect(toOld.text).toContain('Nebo zadej tento kód:');
    const oldCode = codeIn(toOld.text);
    const newCode = codeIn(toNew.text);
    // A code goes with the address it was mailed to.
    const crossed = await verify({
      email: 'nova-adresa@example.cz',
      token: oldCode,
      type: 'email_change',
    });
    expect(crossed.statusCode).toBe(403);
    const half = await verify({
      email: 'stara-adresa@example.cz',
      token: oldCode,
      type: 'email_change',
    });
    expect(half.statusCode).toBe(200);
    expect(half.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    const done = await verify({
      email: 'nova-adresa@example.cz',
      token: newCode,
      type: 'email_change',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<WireSession>().user).toMatchObject({ email: 'nova-adresa@example.cz' });
    expect(amrOf(done.json<WireSession>())).toEqual(['email_change']);
  });

  it('invite: an invitation’s code, token hash and link (as the admin API will issue them)', async () => {
    const { db } = app.t.database;
    const invited = await createEmailUser(db, { email: 'pozvany@example.cz', passwordHash: null });
    const byCode = await issueOneTimeToken(db, invited.id, 'invite', 'pozvany@example.cz', 3600);
    const res = await verify({ email: 'pozvany@example.cz', token: byCode.code, type: 'invite' });
    expect(res.statusCode).toBe(200);
    expect(res.json<WireSession>().user).toMatchObject({ email_confirmed_at: expect.any(String) });

    const byHash = await issueOneTimeToken(db, invited.id, 'invite', 'pozvany@example.cz', 3600);
    expect((await verify({ token_hash: byHash.token, type: 'invite' })).statusCode).toBe(200);

    const byLink = await issueOneTimeToken(db, invited.id, 'invite', 'pozvany@example.cz', 3600);
    const location = await openLink(
      app.t,
      `${SITE}/auth/v1/verify?token=${byLink.token}&type=invite&redirect_to=${encodeURIComponent(`${SITE}/heslo`)}`,
    );
    expect(location.pathname).toBe('/heslo');
    expect(fragmentOf(location).get('type')).toBe('invite');
    expect(fragmentOf(location).get('access_token')).toBeTruthy();
  });

  it('GET /verify with type=email names the type it found', async () => {
    await post(app.t, app.apikey, '/otp', { email: 'odkaz@example.cz' });
    const token = new URL(lastMailTo(app.t, 'odkaz@example.cz').link).searchParams.get('token');
    const location = await openLink(app.t, `${SITE}/auth/v1/verify?token=${token}&type=email`);
    expect(fragmentOf(location).get('type')).toBe('signup');
  });

  it('refuses malformed requests exactly as GoTrue', async () => {
    const cases: RefusalCase[] = [
      [
        { token: '123456', email: 'a@b.cz' },
        400,
        'validation_failed',
        'Verify requires a verification type',
      ],
      [
        { type: 'email', email: 'a@b.cz' },
        400,
        'validation_failed',
        'Verify requires either a token or a token hash',
      ],
      [
        { type: 'email', token: '1', token_hash: 'x' },
        400,
        'validation_failed',
        'Verify requires either a token or a token hash',
      ],
      [
        { type: 'email', token: '123456' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      ],
      [
        { type: 'email', token: '123456', email: 'neni-adresa' },
        422,
        'validation_failed',
        'Invalid email format',
      ],
      [
        { type: 'email', token_hash: 'x', email: 'a@b.cz' },
        400,
        'validation_failed',
        'Only the token_hash and type should be provided',
      ],
      [
        { type: 'email', token_hash: 'x', redirect_to: SITE },
        400,
        'validation_failed',
        'Only the token_hash and type should be provided',
      ],
      [
        { type: 'sms', token_hash: 'x' },
        400,
        'validation_failed',
        'Invalid email verification type',
      ],
      [
        { type: 'nonsense', token_hash: 'x' },
        400,
        'validation_failed',
        'Invalid email verification type',
      ],
      [
        { type: 'nonsense', token: '123456', email: 'a@b.cz' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [
        { type: 'signup', token_hash: 'neznamy' },
        403,
        'otp_expired',
        'Email link is invalid or has expired',
      ],
      [
        { type: 'signup', token: '123456', email: 'nikdo@example.cz' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [
        { type: 'email', token: 123456, email: 'a@b.cz' },
        400,
        'bad_json',
        'Could not parse request body as JSON: token has the wrong type',
      ],
    ];
    await expectRefusals(verify, cases);
  });

  it('GET /verify: a missing type or token is JSON; an unknown type goes back to the app', async () => {
    const get = (query: string) => app.t.app.inject({ url: `/auth/v1/verify?${query}` });
    const noType = await get('token=x');
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ msg: 'Verify requires a verification type' });
    expect((await get('type=signup')).json()).toMatchObject({
      msg: 'Verify requires a token or a token hash',
    });
    const unknown = await get('type=sms&token=x');
    expect(unknown.statusCode).toBe(303);
    expect(fragmentOf(new URL(String(unknown.headers.location)))).toEqual(
      new URLSearchParams({
        error: 'invalid_request',
        error_code: 'validation_failed',
        error_description: 'Invalid email verification type',
        sb: '',
      }),
    );
  });

  it('counts wrong codes per address, known or not: past the limit, 429', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await verify({ email: 'hadac@example.cz', token: '000000', type: 'email' });
      expect(res.statusCode).toBe(403);
    }
    const refused = await verify({
      email: 'Hadac@example.cz',
      token: wrongCode('000000'),
      type: 'email',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not affected.
    expect(
      (await verify({ email: 'jiny@example.cz', token: '000000', type: 'email' })).statusCode,
    ).toBe(403);
  });
});
