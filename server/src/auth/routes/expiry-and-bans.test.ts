import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from '../../../test/auth-helpers.ts';

const t = useTestApp({ siteUrl: 'http://localhost:8080' });

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('one-time links expire', () => {
  it('a link past its lifetime is refused by GET and POST /verify alike', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: t.apikey, ...CURRENT },
      payload: { email: 'pozde@example.cz', password: 'dobre-heslo-123' },
    });
    const link = t.mail.at(-1)?.link ?? '';
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'pozde@example.cz'));
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user?.id ?? ''));

    const posted = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: { apikey: t.apikey, ...CURRENT },
      payload: { type: 'signup', token_hash: tokenOf(link) },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toMatchObject({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    const opened = await t.app.inject({ url: link.replace('http://localhost:8080', '') });
    expect(String(opened.headers.location)).toContain('error_code=otp_expired');
    const [after] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    expect(after?.emailConfirmedAt).toBeNull();
  });
});

describe('a banned user', () => {
  it('cannot sign in, refresh or use a token issued before the ban', async () => {
    const user = await confirmedUser(t, 'zakazany@example.cz', 'dobre-heslo-123');
    const credentials = { email: 'zakazany@example.cz', password: 'dobre-heslo-123' };
    const session = (await passwordGrant(t, t.apikey, credentials)).json<WireSession>();
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, user.id));

    const login = await passwordGrant(t, t.apikey, credentials);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'user_banned' });
    const refresh = await refreshGrant(t, t.apikey, session.refresh_token);
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ code: 'user_banned' });
    const me = await t.app.inject({
      url: '/auth/v1/user',
      headers: { apikey: t.apikey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
    });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'user_banned' });
  });
});
