import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import type { WireUser } from '../users/serializers.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { apiKeyOf, type TestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT, type WireSession } from '../../../test/auth-helpers.ts';
import { APPLE, GOOGLE } from '../../../test/oauth-helpers.ts';
import {
  ANDROID_CLIENT,
  hashed,
  idTokenApp,
  IOS_BUNDLE,
  useIdTokenBench,
} from '../../../test/id-token-helpers.ts';

/**
 * Native sign-in with a provider's ID token (GoTrue's token_oidc.go): who is signed in, made or
 * linked, and the nonce rule. The provider is the local OpenID peer, minting tokens as its SDK
 * would hand them to an app. The refusals are in id-token-refusals.test.ts.
 */
describe.each(databaseKinds())('POST /token?grant_type=id_token: sign-ins on $name', ({ open }) => {
  const bench = useIdTokenBench(open);
  const { grant, googleToken, signIn, expectRefused } = bench;
  it('Google with a nonce: a new confirmed account and its session (amr oauth)', async () => {
    const nonce = 'nonce-of-the-app-1';
    const token = await googleToken('nativni', { nonce: hashed(nonce) });
    const res = await signIn('google', token, nonce);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<WireSession>();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    expect(session.user).toMatchObject({
      email: 'nativni@example.cz',
      email_confirmed_at: expect.any(String),
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { sub: 'nativni', email_verified: true, iss: bench.peer.issuer },
      identities: [{ provider: 'google', id: 'nativni', email: 'nativni@example.cz' }],
    });
    expect(claims.sub).toBe((session.user as WireUser).id);
    const audit = await bench.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, String(claims.sub)), eq(auditLog.action, 'user_signedup')));
    expect(audit).toHaveLength(1);
  });

  it('the same identity again signs the same user in; no nonce on either side is accepted', async () => {
    const first = (await signIn('google', await googleToken('znovu'))).json<WireSession>();
    const again = await signIn('google', await googleToken('znovu'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<WireSession>().user).toMatchObject({
      id: (first.user as WireUser).id,
      identities: [{ provider: 'google', id: 'znovu' }],
    });
  });

  it('Apple with a nonce and the access token (at_hash) signs in', async () => {
    const nonce = 'apple-nonce';
    const token = await bench.peer.idToken({
      login: 'jablko',
      kind: 'apple',
      audience: APPLE.clientId,
      nonce: hashed(nonce),
      accessToken: 'apple-access-token',
    });
    const res = await grant({
      provider: 'apple',
      id_token: token,
      nonce,
      access_token: 'apple-access-token',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WireSession>().user).toMatchObject({
      email: 'jablko@example.cz',
      app_metadata: { provider: 'apple', providers: ['apple'] },
      identities: [{ provider: 'apple', id: 'jablko' }],
    });
  });

  it('the native apps’ client ids are accepted, and `aud` may be a list naming ours', async () => {
    const android = await googleToken('android', { audience: ANDROID_CLIENT });
    expect((await signIn('google', android)).statusCode).toBe(200);
    const listed = await googleToken('seznam', { audience: ['someone-else', GOOGLE.clientId] });
    expect((await signIn('google', listed)).statusCode).toBe(200);
    const ios = await bench.peer.idToken({ login: 'ios', kind: 'apple', audience: IOS_BUNDLE });
    expect((await signIn('apple', ios)).statusCode).toBe(200);
  });

  it('an account with the provider-verified address gets the identity (automatic linking)', async () => {
    const user = await confirmedUser(bench.t, 'heslo@example.cz', 'dlouhe-heslo-1');
    const res = await signIn('google', await googleToken('heslo'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WireSession>().user).toMatchObject({
      id: user.id,
      app_metadata: { provider: 'email', providers: ['email', 'google'] },
    });
  });

  it('the nonce rule: both or neither, and the token carries the SHA-256 of the raw nonce', async () => {
    const withNonce = await googleToken('nonce', { nonce: hashed('raw') });
    const rule = 'Passed nonce and nonce in id_token should either both exist or not.';
    expectRefused(await signIn('google', withNonce), rule);
    expectRefused(await signIn('google', await googleToken('nonce'), 'raw'), rule);
    expectRefused(await signIn('google', withNonce, 'other'), 'Nonces mismatch', 'invalid nonce');
    // The hash itself is not the nonce: a token seen in transit cannot be replayed with it.
    expectRefused(
      await signIn('google', withNonce, hashed('raw')),
      'Nonces mismatch',
      'invalid nonce',
    );
    expect((await signIn('google', withNonce, 'raw')).statusCode).toBe(200);
  });

  it('an address the provider did not verify, or none, makes no account', async () => {
    const unverified = await signIn('google', await googleToken('unverified-id'));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'provider_email_needs_verification' });
    const none = await signIn(
      'google',
      await googleToken('bezadresy', { claims: { email: undefined } }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      code: 'provider_email_needs_verification',
      error_code: 'provider_email_needs_verification',
      message: 'Unverified email with google. Verify the email with google in order to sign in',
    });
    const made = await bench.t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'unverified-id@example.cz'));
    expect(made).toEqual([]);
  });

  describe('with sign-up disabled', () => {
    let closed: TestApp;
    let closedKey: string;
    beforeAll(async () => {
      closed = await idTokenApp(bench.peer, bench.database, true);
      closedKey = await apiKeyOf(closed);
    });
    afterAll(() => closed?.close());

    const closedSignIn = async (login: string) =>
      closed.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=id_token',
        headers: { apikey: closedKey, ...CURRENT },
        payload: { provider: 'google', id_token: await googleToken(login) },
      });

    it('a new user is refused as GoTrue refuses sign-ups; an existing one still signs in', async () => {
      const res = await closedSignIn('zavreno');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'signup_disabled',
        message: 'Signups not allowed for this instance',
      });
      // Same database: the user made in the open app above.
      const known = await closedSignIn('nativni');
      expect(known.statusCode, known.body).toBe(200);
      const linked = await confirmedUser(closed, 'zavreno-heslo@example.cz', 'dlouhe-heslo-1');
      const byAddress = await closedSignIn('zavreno-heslo');
      expect(byAddress.json<WireSession>().user).toMatchObject({ id: linked.id });
    });
  });
});
