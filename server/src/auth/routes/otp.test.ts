import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { confirmedUser, type WireSession } from '../../../test/auth-helpers.ts';
import {
  codeIn,
  fragmentOf,
  lastMailTo,
  minuteLater,
  openLink,
  post,
  SITE,
  useAppOn,
} from '../../../test/otp-helpers.ts';

const amrOf = (session: WireSession) =>
  (decodeJwt(session.access_token).amr as { method: string }[]).map((entry) => entry.method);

const pkcePair = () => {
  const verifier = randomBytes(56).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The body supabase-js sends for `signInWithOtp({ email })` (implicit flow). */
const asClient = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  data: {},
  create_user: true,
  gotrue_meta_security: {},
  code_challenge: null,
  code_challenge_method: null,
  ...extra,
});

describe.each(databaseKinds())('POST /otp with an e-mail address on $name', ({ open }) => {
  const app = useAppOn(open);
  const otp = (payload: unknown, query = '', headers: Record<string, string> = {}) =>
    post(app.t, app.apikey, `/otp${query}`, payload, headers);
  const verify = (payload: unknown) => post(app.t, app.apikey, '/verify', payload);
  const userRow = async (email: string) =>
    (await app.t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('makes a new account (no password, its data) and mails the confirmation with link and code; the code signs in once', async () => {
    const back = encodeURIComponent(`${SITE}/vitej`);
    const res = await otp(
      asClient('Nova@Example.cz', { data: { name: 'Nová' } }),
      `?redirect_to=${back}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const mail = lastMailTo(app.t, 'nova@example.cz');
    expect(mail.subject).toBe('Potvrď svůj e-mail v Parťákovi');
    expect(mail.link).toMatch(/\/auth\/v1\/verify\?token=[\w-]{43}&type=signup&redirect_to=/);
    expect(mail.link).toContain(back);
    const code = codeIn(mail.text);
    expect(mail.text).toContain(`Nebo zadej tento kód: ${code}`);
    expect(mail.html).toContain(`>${code}</p>`);
    const row = await userRow('nova@example.cz');
    expect(row).toMatchObject({ encryptedPassword: null, emailConfirmedAt: null });
    expect(row?.userMetadata).toEqual({ name: 'Nová' });

    const signedIn = await verify({ email: 'nova@example.cz', token: code, type: 'email' });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<WireSession>();
    expect(session.user).toMatchObject({
      email: 'nova@example.cz',
      email_confirmed_at: expect.any(String),
      user_metadata: { name: 'Nová' },
    });
    expect(amrOf(session)).toEqual(['otp']);
    // The code and the link of that mail are one token: both are spent now.
    const again = await verify({ email: 'nova@example.cz', token: code, type: 'email' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    expect(fragmentOf(await openLink(app.t, mail.link)).get('error_code')).toBe('otp_expired');
  });

  it('mails a confirmed account a magic link in the browser’s language; the link signs in (implicit)', async () => {
    await confirmedUser(app.t, 'stara@example.cz', 'dobre-heslo-123');
    const res = await otp(asClient('stara@example.cz'), '', { 'accept-language': 'de-DE' });
    expect(res.json()).toEqual({});
    const mail = lastMailTo(app.t, 'stara@example.cz');
    expect(mail.subject).toBe('Dein Anmeldelink für Parťák');
    expect(mail.link).toContain('type=magiclink');
    expect(mail.text).toContain(`Oder gib diesen Code ein: ${codeIn(mail.text)}`);

    const fragment = fragmentOf(await openLink(app.t, mail.link));
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('token_type')).toBe('bearer');
    const me = await app.t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey: app.apikey, authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(me.json()).toMatchObject({ email: 'stara@example.cz' });
    // The code of the mail whose link was used is spent with it.
    const code = await verify({
      email: 'stara@example.cz',
      token: codeIn(mail.text),
      type: 'email',
    });
    expect(code.statusCode).toBe(403);
  });

  it('the magic link’s code works as `magiclink` and as `email`, and its token_hash too', async () => {
    const user = await confirmedUser(app.t, 'kod@example.cz', 'dobre-heslo-123');
    for (const type of ['magiclink', 'email']) {
      await minuteLater(app.t, user.id);
      await otp(asClient('kod@example.cz'));
      const code = codeIn(lastMailTo(app.t, 'kod@example.cz').text);
      const res = await verify({ email: 'KOD@example.cz', token: code, type, options: {} });
      expect(res.statusCode, type).toBe(200);
      expect(amrOf(res.json<WireSession>())).toEqual(['otp']);
    }
    await minuteLater(app.t, user.id);
    await otp(asClient('kod@example.cz'));
    const tokenHash = new URL(lastMailTo(app.t, 'kod@example.cz').link).searchParams.get('token');
    const hashed = await verify({ token_hash: tokenHash, type: 'magiclink' });
    expect(hashed.statusCode).toBe(200);
    const spent = await verify({ token_hash: tokenHash, type: 'magiclink' });
    expect(spent.json()).toMatchObject({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  it('answers {} alike for known and unknown addresses', async () => {
    await confirmedUser(app.t, 'znamy@example.cz', 'dobre-heslo-123');
    const known = await otp(asClient('znamy@example.cz'));
    const unknown = await otp(asClient('neznamy@example.cz'));
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
  });

  it('create_user: false serves existing accounts only (422 otp_disabled), as GoTrue', async () => {
    await confirmedUser(app.t, 'jen-prihlaseni@example.cz', 'dobre-heslo-123');
    const existing = await otp(asClient('jen-prihlaseni@example.cz', { create_user: false }));
    expect(existing.statusCode).toBe(200);
    for (const email of ['nikdo@example.cz', 'neni-adresa']) {
      const res = await otp(asClient(email, { create_user: false }));
      expect(res.statusCode, email).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'otp_disabled',
        message: 'Signups not allowed for otp',
      });
    }
    expect(await userRow('nikdo@example.cz')).toBeUndefined();
  });

  it('one mail per account per minute (shared by magic and reset links), 429 naming the wait', async () => {
    await confirmedUser(app.t, 'netrpelivy@example.cz', 'dobre-heslo-123');
    expect((await otp(asClient('netrpelivy@example.cz'))).statusCode).toBe(200);
    for (const url of ['/otp', '/recover']) {
      const res = await post(app.t, app.apikey, url, { email: 'netrpelivy@example.cz' });
      expect(res.statusCode, url).toBe(429);
      expect(res.json().message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
      expect(res.json().code).toBe('over_email_send_rate_limit');
    }
    // A new, unconfirmed account: the confirmation has its own minute.
    expect((await otp(asClient('novy-netrpelivy@example.cz'))).statusCode).toBe(200);
    expect((await otp(asClient('novy-netrpelivy@example.cz'))).statusCode).toBe(429);
  });

  it('refuses bad input with GoTrue’s answers, never a 5xx', async () => {
    const cases: [unknown, number, string, string?][] = [
      [
        { email: 'a@b.cz', phone: '420777123456' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided',
      ],
      [
        { email: 'a@b.cz', channel: 'sms' },
        400,
        'validation_failed',
        'Channel should only be specified with Phone OTP',
      ],
      [{}, 400, 'validation_failed', 'One of email or phone must be set'],
      [{ email: '', phone: '' }, 400, 'validation_failed', 'One of email or phone must be set'],
      [
        { email: 'neni-adresa' },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { email: `${'a'.repeat(251)}@b.cz` },
        400,
        'validation_failed',
        'An email address is too long',
      ],
      [
        { email: 'a@b.cz', code_challenge: 'kratka', code_challenge_method: 's256' },
        400,
        'validation_failed',
      ],
      [{ email: 'a@b.cz', code_challenge: 'x'.repeat(43) }, 400, 'validation_failed'],
      [{ email: 42 }, 400, 'bad_json'],
      [{ email: 'a@b.cz', create_user: 'ne' }, 400, 'bad_json'],
      [{ email: 'a@b.cz', data: 'text' }, 400, 'bad_json'],
      [[], 400, 'bad_json'],
    ];
    for (const [payload, status, code, message] of cases) {
      const res = await otp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        code,
        ...(message ? { message } : {}),
      });
    }
  });

  it('PKCE: the magic link brings back ?code=, which only the verifier turns into a magiclink session, once', async () => {
    await confirmedUser(app.t, 'pkce@example.cz', 'dobre-heslo-123');
    const { verifier, challenge } = pkcePair();
    const back = `${SITE}/prihlaseni?sb_flow_id=abc`;
    await otp(
      asClient('pkce@example.cz', { code_challenge: challenge, code_challenge_method: 's256' }),
      `?redirect_to=${encodeURIComponent(back)}`,
    );
    const link = lastMailTo(app.t, 'pkce@example.cz').link;
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const location = await openLink(app.t, link);
    expect(location.hash).toBe('');
    expect(location.searchParams.get('sb_flow_id')).toBe('abc');
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const exchange = (codeVerifier: string) =>
      post(app.t, app.apikey, '/token?grant_type=pkce', {
        auth_code: code,
        code_verifier: codeVerifier,
      });
    const signedIn = await exchange(verifier);
    expect(signedIn.statusCode).toBe(200);
    expect(amrOf(signedIn.json<WireSession>())).toEqual(['magiclink']);
    expect((await exchange(verifier)).json()).toMatchObject({ code: 'flow_state_not_found' });
    expect((await exchange(pkcePair().verifier)).statusCode).toBe(404);
  });

  it('PKCE for a new address: the confirmation link brings an email/signup code', async () => {
    const { verifier, challenge } = pkcePair();
    await otp(
      asClient('pkce-novy@example.cz', {
        code_challenge: challenge,
        code_challenge_method: 's256',
      }),
    );
    const location = await openLink(app.t, lastMailTo(app.t, 'pkce-novy@example.cz').link);
    const res = await post(app.t, app.apikey, '/token?grant_type=pkce', {
      auth_code: location.searchParams.get('code'),
      code_verifier: verifier,
    });
    expect(res.statusCode).toBe(200);
    expect(amrOf(res.json<WireSession>())).toEqual(['email/signup']);
    expect(res.json<WireSession>().user).toMatchObject({ email_confirmed_at: expect.any(String) });
  });

  it('a magic link and its code expire', async () => {
    const user = await confirmedUser(app.t, 'pozde@example.cz', 'dobre-heslo-123');
    await otp(asClient('pozde@example.cz'));
    const mail = lastMailTo(app.t, 'pozde@example.cz');
    await app.t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const code = await verify({
      email: 'pozde@example.cz',
      token: codeIn(mail.text),
      type: 'magiclink',
    });
    expect(code.statusCode).toBe(403);
    expect(fragmentOf(await openLink(app.t, mail.link)).get('error_code')).toBe('otp_expired');
  });

  it('a banned user’s code and link are refused with user_banned', async () => {
    const user = await confirmedUser(app.t, 'zakaz@example.cz', 'dobre-heslo-123');
    await otp(asClient('zakaz@example.cz'));
    const mail = lastMailTo(app.t, 'zakaz@example.cz');
    await app.t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, user.id));
    const code = await verify({
      email: 'zakaz@example.cz',
      token: codeIn(mail.text),
      type: 'magiclink',
    });
    expect(code.statusCode).toBe(403);
    expect(code.json()).toMatchObject({ code: 'user_banned', message: 'User is banned' });
    const fragment = fragmentOf(await openLink(app.t, mail.link));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('user_banned');
  });
});
