import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { confirmedUser, CURRENT } from '../../../test/auth-helpers.ts';
import { useTestApp } from '../../../test/helpers.ts';

/**
 * Wrong passwords for one address slow its sign-ins down before they are refused
 * (RATE_LIMIT_SIGN_IN_FAILURES). The app's sleep is replaced by one the test releases by hand:
 * while it holds a request, that request cannot have been answered, so no test here depends on
 * the clock.
 */
interface Wait {
  ms: number;
  release(): void;
}
const waits: Wait[] = [];
let waited: (() => void) | undefined;
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    waits.push({ ms, release: resolve });
    waited?.();
  });

const t = useTestApp(
  {
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      token: { max: 10_000, windowSeconds: 300 },
      signInFailures: { max: 10, windowSeconds: 900 },
    },
  },
  { sleep },
);

const PASSWORD = 'dobre-heslo-123';

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: t.apikey, ...CURRENT },
    payload: { email, password },
  });

/**
 * Signs in while the app is made to wait: resolves with the delay asked for and whether the
 * answer was still outstanding during it, then releases the wait and resolves with the answer.
 */
async function slowedSignIn(email: string, password: string) {
  const asked = new Promise<void>((resolve) => (waited = resolve));
  let answered = false;
  const answer = signIn(email, password).then((res) => {
    answered = true;
    return res;
  });
  await Promise.race([asked, answer]);
  const wait = waits.shift();
  // Other work gets every chance to run: the request must still be held by the wait.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  const heldBack = !answered;
  wait?.release();
  return { ms: wait?.ms, heldBack, res: await answer };
}

describe('wrong passwords for one address slow its sign-ins', () => {
  it('answers the first three at once, then waits 0.25 s doubling to 4 s, then refuses', async () => {
    await confirmedUser(t, 'pomalu@example.cz', PASSWORD);
    for (let i = 0; i < 3; i++) {
      expect((await signIn('pomalu@example.cz', `spatne-${i}`)).statusCode).toBe(400);
    }
    expect(waits).toEqual([]);

    const delays: (number | undefined)[] = [];
    for (let i = 3; i < 10; i++) {
      const { ms, heldBack, res } = await slowedSignIn('Pomalu@Example.cz', `spatne-${i}`);
      expect(heldBack).toBe(true);
      expect(res.json()).toMatchObject({ error_code: 'invalid_credentials' });
      delays.push(ms);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);

    // Past RATE_LIMIT_SIGN_IN_FAILURES the refusal itself is not delayed.
    const refused = await signIn('pomalu@example.cz', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(waits).toEqual([]);
  });

  it('makes the right password wait exactly as long as a wrong one', async () => {
    await confirmedUser(t, 'stejne@example.cz', PASSWORD);
    for (let i = 0; i < 4; i++) await slowedSignIn('stejne@example.cz', `spatne-${i}`);

    const right = await slowedSignIn('stejne@example.cz', PASSWORD);
    expect(right.res.statusCode).toBe(200);
    // The right password was not counted as a failure: the next wrong one waits just as long.
    const wrong = await slowedSignIn('stejne@example.cz', 'spatne-4');
    expect(wrong.res.statusCode).toBe(400);
    expect([right.ms, right.heldBack, wrong.ms, wrong.heldBack]).toEqual([500, true, 500, true]);
  });

  it('never slows password recovery, nor signing in through its link, nor other addresses', async () => {
    await confirmedUser(t, 'zapomnel@example.cz', PASSWORD);
    for (let i = 0; i < 6; i++) await slowedSignIn('zapomnel@example.cz', `spatne-${i}`);

    const recover = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: { apikey: t.apikey, ...CURRENT },
      payload: { email: 'zapomnel@example.cz' },
    });
    expect(recover.statusCode).toBe(200);
    const link = t.mail.at(-1)?.link ?? '';
    expect(link).toContain('type=recovery');
    const landing = await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(landing.statusCode).toBe(303);
    expect(String(landing.headers.location)).toContain('access_token=');

    await confirmedUser(t, 'jina@example.cz', PASSWORD);
    expect((await signIn('jina@example.cz', PASSWORD)).statusCode).toBe(200);
    expect(waits).toEqual([]);
  });
});
