import type { CountedHit } from '../../lib/rate-limit.ts';
import { countedHit, countHit, takeBackHit } from '../../lib/rate-limit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuthContext } from '../auth-context.ts';

/**
 * A 6-digit code is a million-to-one guess, and the per-IP verify limit alone does not stop a
 * guesser with many addresses: within a code's lifetime they could try them all. So the tries at
 * the codes of one address (e-mail or phone), from anywhere, are counted like wrong passwords
 * (`rateLimits.signInFailures`); past the limit, codes for it are refused until the window ends —
 * the link in the same mail still works. GoTrue has no such limit; it answers 429 like the IP
 * limits do.
 *
 * Counted before the code is checked (a burst of parallel guesses cannot all slip under the
 * limit), also for addresses without an account (the refusal says nothing about who has one),
 * and taken back once the code proves right (`codeWasRight`).
 */
export async function countCodeTry(context: AuthContext, address: string): Promise<CountedHit> {
  const { max, windowSeconds } = context.rateLimits.signInFailures;
  const key = `code-tries:${address}`;
  const windowMs = windowSeconds * 1000;
  const countedAt = Date.now();
  const { count, ttlMs } = await countHit(context.db, key, windowMs, countedAt);
  if (count > max) {
    throw new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      headers: { 'retry-after': String(Math.ceil(ttlMs / 1000)) },
    });
  }
  return countedHit(key, windowMs, countedAt);
}

export const codeWasRight = (context: AuthContext, hit: CountedHit) => takeBackHit(context.db, hit);
