import type { Db } from '../../db/client.ts';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { countHit } from '../../lib/rate-limit.ts';
import { AuthError } from '../http/auth-error.ts';

/**
 * Counts a mail against the server-wide email limit (all users together, every instance), and
 * throws the contract's 429 once it is spent: a flood of sign-ups must not make us a spam relay.
 */
export async function countEmailSent(db: Db, limit: Limit): Promise<void> {
  const { count } = await countHit(db, 'email_sent', limit.windowSeconds * 1000);
  if (count > limit.max) {
    throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
}
