import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

const t = useTestApp({ siteUrl: 'http://localhost:8080' });
beforeAll(async () => {
  await confirmedUser(t, 'obsazeno@example.cz', 'dobre-heslo-123');
});

const signup = (payload: Record<string, unknown>, query = '', language = 'cs-CZ,cs;q=0.9') =>
  t.app.inject({
    method: 'POST',
    url: `/auth/v1/signup${query}`,
    headers: { apikey: t.apikey, ...CURRENT, 'accept-language': language },
    payload,
  });

const linkIn = (to: string) => {
  const mail = t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};

const verify = (link: string) => {
  const url = new URL(link);
  return t.app.inject({ url: `${url.pathname}${url.search}` });
};

const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

describe('POST /signup', () => {
  it('creates an unconfirmed user, answers the bare user and mails a link in the browser’s language', async () => {
    const res = await signup(
      { email: 'Nova@Example.cz', password: 'dobre-heslo-123', data: { name: 'Nová' } },
      `?redirect_to=${encodeURIComponent('http://localhost:8080/profil')}`,
    );
    expect(res.statusCode).toBe(200);
    const user = res.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email: 'nova@example.cz',
      user_metadata: { name: 'Nová' },
      role: 'authenticated',
    });
    expect(user).toHaveProperty('confirmation_sent_at');
    expect(user).not.toHaveProperty('email_confirmed_at');
    expect(user).not.toHaveProperty('access_token');
    const mail = linkIn('nova@example.cz');
    expect(mail.subject).toBe('Potvrď svůj e-mail v Parťákovi');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('Potvrdit e-mail');
    expect(mail.link).toMatch(
      /^http:\/\/localhost:8080\/auth\/v1\/verify\?token=[\w-]{43}&type=signup&redirect_to=/,
    );
    // Not confirmed yet: password sign-in is refused.
    const early = await passwordGrant(t, t.apikey, {
      email: 'nova@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(early.json()).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('writes the mail in English for an English browser', async () => {
    await signup(
      { email: 'english@example.com', password: 'dobre-heslo-123' },
      '',
      'en-GB,en;q=0.8',
    );
    expect(linkIn('english@example.com').subject).toBe('Confirm your email for Parťák');
  });

  it('answers a taken, confirmed address like a new one, and sends nothing', async () => {
    const before = t.mail.length;
    const res = await signup({ email: 'obsazeno@example.cz', password: 'jine-heslo-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'obsazeno@example.cz', identities: [], role: '' });
    expect(t.mail.length).toBe(before);
  });

  it('resends to an unconfirmed address, but not twice within a minute', async () => {
    await signup({ email: 'znovu@example.cz', password: 'dobre-heslo-123' });
    const again = await signup({ email: 'znovu@example.cz', password: 'dobre-heslo-123' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
  });

  it('validates the address and the password', async () => {
    expect(
      (await signup({ email: 'not-an-email', password: 'dobre-heslo-123' })).json(),
    ).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    expect((await signup({ email: 'a@b.cz' })).json()).toMatchObject({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
    const short = await signup({ email: 'a@b.cz', password: 'kratke' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
    expect((await signup({ email: 'a@b.cz', password: 'x'.repeat(73) })).json()).toMatchObject({
      code: 'validation_failed',
    });
    expect((await signup({ email: ['a@b.cz'], password: 'dobre-heslo-123' })).statusCode).toBe(400);
  });
});

describe('GET /verify', () => {
  it('confirms the address with the mailed link and signs the user in, once', async () => {
    await signup(
      { email: 'potvrd@example.cz', password: 'dobre-heslo-123' },
      `?redirect_to=${encodeURIComponent('http://localhost:8080/profil')}`,
    );
    const { link } = linkIn('potvrd@example.cz');
    const res = await verify(link);
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith('http://localhost:8080/profil#')).toBe(true);
    const params = fragmentOf(location);
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('type')).toBe('signup');
    expect(params.has('sb')).toBe(true);
    const claims = decodeJwt(params.get('access_token') ?? '');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('otp');

    const user = await t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey: t.apikey, authorization: `Bearer ${params.get('access_token')}` },
    });
    expect(user.json()).toHaveProperty('email_confirmed_at');
    const signIn = await passwordGrant(t, t.apikey, {
      email: 'potvrd@example.cz',
      password: 'dobre-heslo-123',
    });
    expect(signIn.json<WireSession>().access_token).toBeTruthy();

    const second = await verify(link);
    expect(fragmentOf(String(second.headers.location)).get('error_code')).toBe('otp_expired');
  });

  it('sends unknown links back with the error triplet, and keeps redirects on our site', async () => {
    const res = await t.app.inject({
      url: `/auth/v1/verify?token=nothing&type=signup&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
    });
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith('http://localhost:8080/#')).toBe(true);
    const params = fragmentOf(location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('answers a link without a type as JSON', async () => {
    const res = await t.app.inject({ url: '/auth/v1/verify?token=x', headers: CURRENT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
