import type { z } from 'zod/mini';
import { wholeNumber } from './env-fields.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit-defaults.ts';

const limit = (fallback: number) => wholeNumber(1, 1_000_000, fallback);

/** The variable that sets each limit's maximum (its window stays the default's). */
const VARIABLES = {
  token: 'RATE_LIMIT_TOKEN',
  signInFailures: 'RATE_LIMIT_SIGN_IN_FAILURES',
  verify: 'RATE_LIMIT_VERIFY',
  otp: 'RATE_LIMIT_OTP',
  anonymous: 'RATE_LIMIT_ANONYMOUS_USERS',
  emailSent: 'RATE_LIMIT_EMAIL_SENT',
  smsSent: 'RATE_LIMIT_SMS_SENT',
  mfa: 'RATE_LIMIT_MFA',
  passkey: 'RATE_LIMIT_PASSKEY',
  oauthClientRegister: 'RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER',
  chat: 'RATE_LIMIT_CHAT',
  data: 'RATE_LIMIT_DATA',
} as const satisfies Record<keyof RateLimits, string>;

type Variable = (typeof VARIABLES)[keyof typeof VARIABLES];

/** The environment variables behind the rate limits, merged into the main schema in env.ts. */
export const rateLimitEnvShape = Object.fromEntries(
  Object.entries(VARIABLES).map(([key, name]) => [
    name,
    limit(DEFAULT_RATE_LIMITS[key as keyof RateLimits].max),
  ]),
) as Record<Variable, ReturnType<typeof limit>>;

type RateLimitEnv = Record<Variable, z.output<ReturnType<typeof limit>>>;

/** The limits as configured: each default with the maximum its variable sets. */
export function rateLimitsConfig(env: RateLimitEnv): RateLimits {
  return Object.fromEntries(
    Object.entries(VARIABLES).map(([key, name]) => [
      key,
      { ...DEFAULT_RATE_LIMITS[key as keyof RateLimits], max: env[name] },
    ]),
  ) as unknown as RateLimits;
}
