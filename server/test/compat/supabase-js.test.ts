import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session } from '@supabase/supabase-js';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases.ts';
import {
  compatClient,
  fragmentOf,
  openLink,
  startCompatServer,
  UUID,
  type CompatClient,
  type CompatServer,
} from './compat-server.ts';

/**
 * The unmodified supabase-js client against the real server on a loopback port, mail going out
 * over SMTP: one user's life from signup to sign-out, in order
 * (docs/auth-compatibility.md#testing-compatibility).
 */
const CZECH = JSON.parse(
  readFileSync(new URL('../../../content/emails/cs.json', import.meta.url), 'utf8'),
) as Record<'confirmation' | 'recovery', { subject: string }>;

describe.each(databaseKinds())('supabase-js on $name', ({ name, open }) => {
  const email = `jana.${name}@example.cz`;
  const password = 'prvni-heslo-123';
  const newPassword = 'druhe-heslo-456';
  let server: CompatServer;
  let client: CompatClient;
  let home: string;
  let userId = '';
  let confirmationLink = '';
  let session: Session | null = null;

  beforeAll(async () => {
    server = await startCompatServer(open);
    client = compatClient(server, { storageKey: `compat-${name}` });
    home = `${server.siteUrl}/`;
  });
  afterAll(() => server?.close());

  const auth = () => client.supabase.auth;
  const pathOf = (url: URL) => `${url.origin}${url.pathname}`;

  it('signUp: the bare user, no session, and a confirmation mail in Czech', async () => {
    const { data, error } = await auth().signUp({
      email,
      password,
      options: { emailRedirectTo: home },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', is_anonymous: false });
    expect(data.user?.id).toMatch(UUID);
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeUndefined();
    userId = data.user?.id ?? '';

    const mail = await server.capture.waitFor(email);
    expect(mail.subject).toBe(CZECH.confirmation.subject);
    const link = new URL(mail.link ?? 'missing:');
    expect(pathOf(link)).toBe(`${server.siteUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(home);
    confirmationLink = link.href;
  });

  it('the mailed link confirms and signs in through the fragment, once', async () => {
    const opened = await openLink(confirmationLink);
    expect(opened.status).toBe(303);
    expect(pathOf(opened.location)).toBe(home);
    const params = fragmentOf(opened.location);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBeGreaterThan(0);
    expect(params.get('refresh_token')).toBeTruthy();
    const { data, error } = await auth().getUser(params.get('access_token') ?? '');
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await openLink(confirmationLink);
    expect(again.status).toBe(303);
    expect(pathOf(again.location)).toBe(home);
    const failure = fragmentOf(again.location);
    expect(failure.get('error')).toBe('access_denied');
    expect(failure.get('error_code')).toBe('otp_expired');
    expect(failure.get('error_description')).toBeTruthy();
    expect(failure.get('access_token')).toBeNull();
  });

  it('signInWithPassword: a session; a wrong password is invalid_credentials', async () => {
    const wrong = await auth().signInWithPassword({ email, password: 'spatne-heslo-000' });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error).toMatchObject({
      name: 'AuthApiError',
      code: 'invalid_credentials',
      status: 400,
    });

    const { data, error } = await auth().signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.weakPassword).toBeUndefined();
    expect(data.session).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      user: { id: userId, email, app_metadata: { provider: 'email', providers: ['email'] } },
    });
    expect(data.session?.expires_in).toBeGreaterThan(0);
    expect(data.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: userId }),
    ]);
    session = data.session;
    expect((await auth().getSession()).data.session?.access_token).toBe(session?.access_token);
  });

  it('getUser: the signed-in user', async () => {
    const { data, error } = await auth().getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, role: 'authenticated' });
    expect(client.requests.at(-1)).toBe('GET /auth/v1/user');
  });

  it('refreshSession rotates the refresh token; the old one, reused, is refused', async () => {
    const old = session?.refresh_token ?? '';
    const { data, error } = await auth().refreshSession();
    expect(error).toBeNull();
    const rotated = data.session?.refresh_token;
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(old);
    expect(data.session?.user.id).toBe(userId);
    expect((await auth().getSession()).data.session?.refresh_token).toBe(rotated);

    await sleep(20); // past the reuse interval of 0 s
    const reused = await auth().refreshSession({ refresh_token: old });
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    // A reused token was copied: its whole family is revoked, the rotated child included.
    const child = await auth().refreshSession({ refresh_token: rotated ?? '' });
    expect(child.data.session).toBeNull();
    expect(child.error?.status).toBe(400);

    const again = await auth().signInWithPassword({ email, password });
    expect(again.error).toBeNull();
    session = again.data.session;
  });

  it('getClaims verifies the token through JWKS and rejects a forged signature', async () => {
    const before = client.requests.length;
    const { data, error } = await auth().getClaims();
    expect(error).toBeNull();
    expect(client.requests.slice(before)).toEqual(['GET /auth/v1/.well-known/jwks.json']);
    expect(data?.header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    expect(data?.claims).toMatchObject({
      sub: userId,
      email,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(data?.claims.session_id).toMatch(UUID);
    expect(data?.claims.amr?.[0]).toMatchObject({ method: 'password' });

    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(decodeJwt(session?.access_token ?? ''))
      .setProtectedHeader({ alg: 'ES256', kid: data?.header.kid, typ: 'JWT' })
      .sign(privateKey);
    const claims = await auth().getClaims(forged);
    expect(claims.data).toBeNull();
    expect(claims.error).toMatchObject({ name: 'AuthInvalidJwtError' });
    expect(claims.error?.message).toBe('Invalid JWT signature');
    // The server does not take it either.
    const user = await auth().getUser(forged);
    expect(user.error).toMatchObject({ code: 'bad_jwt', status: 403 });
  });

  it('updateUser: metadata, then a new password that replaces the old one', async () => {
    const named = await auth().updateUser({ data: { name: 'Jana' } });
    expect(named.error).toBeNull();
    expect(named.data.user).toMatchObject({ id: userId, user_metadata: { name: 'Jana' } });
    expect((await auth().getSession()).data.session?.user.user_metadata.name).toBe('Jana');

    const changed = await auth().updateUser({ password: newPassword });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.id).toBe(userId);
    const same = await auth().updateUser({ password: newPassword });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });

    const withNew = await auth().signInWithPassword({ email, password: newPassword });
    expect(withNew.error).toBeNull();
    expect(withNew.data.user?.user_metadata.name).toBe('Jana');
    session = withNew.data.session;
    const withOld = await auth().signInWithPassword({ email, password });
    expect(withOld.error).toMatchObject({ code: 'invalid_credentials', status: 400 });
  });

  let recoveryAccessToken = '';
  it('resetPasswordForEmail: {} for anyone, a recovery link only for the known address', async () => {
    const stranger = `nikdo.${name}@example.cz`;
    expect(await auth().resetPasswordForEmail(stranger, { redirectTo: home })).toEqual({
      data: {},
      error: null,
    });
    // The server answers after handing its mail over, so any mail would be here already.
    expect(server.capture.mails.filter((mail) => mail.to.includes(stranger))).toEqual([]);

    expect(await auth().resetPasswordForEmail(email, { redirectTo: home })).toEqual({
      data: {},
      error: null,
    });
    const mail = await server.capture.waitFor(
      email,
      (candidate) => candidate.subject === CZECH.recovery.subject,
    );
    const link = new URL(mail.link ?? 'missing:');
    expect(link.searchParams.get('type')).toBe('recovery');
    const opened = await openLink(link.href);
    expect(opened.status).toBe(303);
    expect(pathOf(opened.location)).toBe(home);
    const params = fragmentOf(opened.location);
    expect(params.get('type')).toBe('recovery');
    recoveryAccessToken = params.get('access_token') ?? '';
    const recovered = await auth().getUser(recoveryAccessToken);
    expect(recovered.data.user?.id).toBe(userId);
  });

  it('signOut ends the sessions: the old tokens stop working', async () => {
    const accessToken = session?.access_token ?? '';
    const refreshToken = session?.refresh_token ?? '';
    const { error } = await auth().signOut();
    expect(error).toBeNull();
    expect(client.requests.at(-1)).toBe('POST /auth/v1/logout');
    expect((await auth().getSession()).data.session).toBeNull();

    for (const token of [accessToken, recoveryAccessToken]) {
      const gone = await auth().getUser(token);
      expect(gone.data.user).toBeNull();
      expect(gone.error?.name).toBe('AuthSessionMissingError');
    }
    const refreshed = await auth().refreshSession({ refresh_token: refreshToken });
    expect(refreshed.data.session).toBeNull();
    expect(refreshed.error?.status).toBe(400);
  });

  it('PKCE: a pkce_ link, a code in the query, and the code exchanged for a session', async () => {
    const pkce = compatClient(server, { storageKey: `compat-${name}-pkce`, flowType: 'pkce' });
    const pkceEmail = `petr.${name}@example.cz`;
    const redirectTo = `${server.siteUrl}/vitej`;
    // Without a flow id in the URL (not a browser) the client uses the fixed verifier key.
    const hasVerifier = () => pkce.storage.has(`compat-${name}-pkce-code-verifier`);
    const signedUp = await pkce.supabase.auth.signUp({
      email: pkceEmail,
      password,
      options: { emailRedirectTo: redirectTo },
    });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();
    expect(signedUp.data.user?.email).toBe(pkceEmail);
    expect(hasVerifier()).toBe(true);

    const mail = await server.capture.waitFor(pkceEmail);
    const link = new URL(mail.link ?? 'missing:');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);

    const opened = await openLink(link.href);
    expect(opened.status).toBe(303);
    expect(pathOf(opened.location)).toBe(redirectTo);
    expect(opened.location.hash).toBe('');
    const code = opened.location.searchParams.get('code');
    expect(code).toMatch(UUID);

    const exchanged = await pkce.supabase.auth.exchangeCodeForSession(code ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      user: { email: pkceEmail },
    });
    expect(exchanged.data.session?.expires_in).toBeGreaterThan(0);
    expect(exchanged.data).toMatchObject({ redirectType: null });
    expect(hasVerifier()).toBe(false);
    const me = await pkce.supabase.auth.getUser();
    expect(me.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });
});
