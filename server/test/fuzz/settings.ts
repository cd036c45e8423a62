import type { RateLimits } from '../../src/config/rate-limit-defaults.ts';

/** No limit the fuzzers could reach: a 429 would hide what the endpoint does with the input. */
const NONE = { max: 1_000_000, windowSeconds: 60 };
export const FUZZ_LIMITS: RateLimits = {
  token: NONE,
  signInFailures: NONE,
  verify: NONE,
  otp: NONE,
  anonymous: NONE,
  mfa: NONE,
  passkey: NONE,
  oauthClientRegister: NONE,
  emailSent: NONE,
  smsSent: NONE,
  chat: NONE,
  data: NONE,
};

/**
 * Requests per endpoint: enough to meet every kind of hostile input a few times, few enough that
 * each file runs in seconds. FUZZ_RUNS raises it for a longer hunt; FUZZ_SEED replays one.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Per endpoint: generous, since the machine running the suite may be busy with other work. */
export const TIMEOUT_MS = Math.max(60_000, RUNS * 1500);
