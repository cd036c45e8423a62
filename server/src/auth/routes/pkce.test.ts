import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flowStates } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT, type WireSession } from '../../../test/auth-helpers.ts';

const t = useTestApp({ siteUrl: 'http://localhost:8080' });

const SITE = 'http://localhost:8080/vitej?tab=1';

function pkcePair(method: 's256' | 'plain' = 's256') {
  const verifier = randomBytes(56).toString('hex');
  const challenge =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return { verifier, challenge, method };
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { apikey: t.apikey, ...CURRENT }, payload });

const signup = (email: string, pkce: Record<string, unknown>) =>
  post(`/auth/v1/signup?redirect_to=${encodeURIComponent(SITE)}`, {
    email,
    password: 'dobre-heslo-123',
    ...pkce,
  });

const exchange = (authCode: unknown, verifier: unknown) =>
  post('/auth/v1/token?grant_type=pkce', { auth_code: authCode, code_verifier: verifier });

/** Opens the newest mailed link for `to` and returns where it sends the browser. */
async function openMailedLink(to: string): Promise<URL> {
  const mail = t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const res = await t.app.inject({ url: mail.link.replace('http://localhost:8080', '') });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

describe('PKCE email links and grant_type=pkce', () => {
  it('signup: a pkce_ link, ?code= kept with the query, one exchange for a session', async () => {
    const pair = pkcePair();
    const res = await signup('pkce@example.cz', {
      code_challenge: pair.challenge,
      code_challenge_method: 'S256',
    });
    expect(res.statusCode).toBe(200);
    const mail = t.mail.at(-1);
    expect(new URL(mail?.link ?? '').searchParams.get('token')).toMatch(/^pkce_/);

    const landing = await openMailedLink('pkce@example.cz');
    expect(landing.pathname).toBe('/vitej');
    expect(landing.searchParams.get('tab')).toBe('1');
    const code = landing.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(landing.hash).toBe('');

    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    // A wrong verifier spends the code: a stolen code cannot be brute-forced.
    const after = await exchange(code, pair.verifier);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('recovery: the exchanged session is a recovery session, and a code works once', async () => {
    await confirmedUser(t, 'pkce-reset@example.cz', 'stare-heslo-123');
    const pair = pkcePair('plain');
    const res = await post('/auth/v1/recover', {
      email: 'pkce-reset@example.cz',
      code_challenge: pair.challenge,
      code_challenge_method: 'plain',
    });
    expect(res.json()).toEqual({});
    const code = (await openMailedLink('pkce-reset@example.cz')).searchParams.get('code');

    const first = await exchange(code, pair.verifier);
    expect(first.statusCode).toBe(200);
    const session = first.json<WireSession>();
    expect(Object.keys(session).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user'].sort(),
    );
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { amr: { method: string }[] };
    expect(claims.amr[0]?.method).toBe('recovery');
    expect((await exchange(code, pair.verifier)).json()).toMatchObject({
      code: 'flow_state_not_found',
    });
  });

  it('an expired code is refused with flow_state_expired', async () => {
    const pair = pkcePair();
    await signup('pkce-late@example.cz', {
      code_challenge: pair.challenge,
      code_challenge_method: 's256',
    });
    const code = (await openMailedLink('pkce-late@example.cz')).searchParams.get('code');
    await t.database.db
      .update(flowStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flowStates.codeChallenge, pair.challenge));
    const res = await exchange(code, pair.verifier);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'flow_state_expired' });
  });

  it('a used pkce_ link comes back with the error in the query and the fragment', async () => {
    const pair = pkcePair();
    await signup('pkce-twice@example.cz', {
      code_challenge: pair.challenge,
      code_challenge_method: 's256',
    });
    await openMailedLink('pkce-twice@example.cz');
    const again = await openMailedLink('pkce-twice@example.cz');
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it.each<[Record<string, string>, string]>([
    [{ code_challenge: 'x'.repeat(43) }, 'half a pair'],
    [{ code_challenge: 'short', code_challenge_method: 's256' }, 'a short challenge'],
    [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'md5' }, 'an unknown method'],
    [{ code_challenge: 'ä'.repeat(43), code_challenge_method: 'plain' }, 'bad characters'],
  ])('refuses %o (%s) with validation_failed', async (pkce) => {
    const res = await signup('pkce-bad@example.cz', pkce);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('accepts null PKCE fields as the implicit flow', async () => {
    const res = await signup('pkce-null@example.cz', {
      code_challenge: null,
      code_challenge_method: null,
    });
    expect(res.statusCode).toBe(200);
    expect(t.mail.at(-1)?.link).not.toContain('pkce_');
  });

  it('needs both the code and the verifier', async () => {
    for (const [code, verifier] of [
      ['', 'v'],
      ['c', undefined],
      [42, 'v'],
    ]) {
      const res = await exchange(code, verifier);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const unknown = await exchange('3f1c1f3e-1111-4c4c-9d9d-000000000000', 'v'.repeat(43));
    expect(unknown.statusCode).toBe(404);
  });
});
