import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { confirmedUser, CURRENT } from '../../../test/auth-helpers.ts';

// Per-IP limits out of the way: the guessing here comes from many addresses. The slowing before
// the refusal is sign-in-slowing.test.ts's subject; here it passes at once.
const t = useTestApp(
  {
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      token: { max: 10_000, windowSeconds: 300 },
      signInFailures: { max: 5, windowSeconds: 900 },
    },
  },
  { sleep: async () => undefined },
);

const PASSWORD = 'dobre-heslo-123';

const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: t.apikey, ...CURRENT },
    payload: { email, password },
    remoteAddress: ip,
  });

describe('password guessing against one address', () => {
  it('is refused once too many wrong passwords came from anywhere, right one included', async () => {
    await confirmedUser(t, 'terc@example.cz', PASSWORD);
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn('Terc@Example.cz', `hadam-${i}`, `198.51.100.${i + 1}`);
      expect(wrong.json()).toMatchObject({ error_code: 'invalid_credentials' });
    }
    const refused = await signIn('terc@example.cz', PASSWORD, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner can still reset the password by mail, and other accounts sign in as usual.
    const recover = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: { apikey: t.apikey, ...CURRENT },
      payload: { email: 'terc@example.cz' },
    });
    expect(recover.statusCode).toBe(200);
    await confirmedUser(t, 'jina@example.cz', PASSWORD);
    expect((await signIn('jina@example.cz', PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('counts unknown addresses alike, so a refusal tells nothing about who has an account', async () => {
    for (let i = 0; i < 5; i++) await signIn('nikdo@example.cz', `x-${i}`, `192.0.2.${i + 1}`);
    expect((await signIn('nikdo@example.cz', 'x', '192.0.2.77')).statusCode).toBe(429);
  });

  it('checks no more guesses than the limit when they come all at once', async () => {
    await confirmedUser(t, 'naraz@example.cz', PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn('naraz@example.cz', `x-${i}`, `192.0.2.${i + 100}`),
      ),
    );
    const codes = burst.map((res) => res.json<{ error_code: string }>().error_code).sort();
    expect(codes).toEqual([
      ...Array<string>(5).fill('invalid_credentials'),
      ...Array<string>(7).fill('over_request_rate_limit'),
    ]);
  });

  it('does not count right passwords', async () => {
    await confirmedUser(t, 'casto@example.cz', PASSWORD);
    for (let i = 0; i < 8; i++) {
      expect((await signIn('casto@example.cz', PASSWORD, '203.0.113.5')).statusCode).toBe(200);
    }
  });
});
