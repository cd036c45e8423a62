import type { GoTrueClient } from '@supabase/auth-js';
import { errorCodeOf } from '@/lib/error-message.ts';

/** Asks the user for a second factor; resolves true once the session is at aal2, false if not. */
export type ConfirmSecondFactor = () => Promise<boolean>;

/**
 * Runs `action` with an aal2 session. The server refuses some changes at aal1 (removing a verified
 * factor, adding one when one is verified, as GoTrue does), so when `needsAal2` and the session is
 * below it, or when the server answers `insufficient_aal` anyway (a session lowered since its token
 * was issued), the user is asked for a second factor first and the action runs (again). Resolves to
 * undefined when the user gives up.
 */
export async function atAal2<T>(
  client: GoTrueClient,
  action: () => Promise<T>,
  confirm: ConfirmSecondFactor,
  needsAal2: boolean,
): Promise<T | undefined> {
  if (needsAal2) {
    const { data } = await client.mfa.getAuthenticatorAssuranceLevel();
    if (data?.currentLevel !== 'aal2' && !(await confirm())) return undefined;
  }
  try {
    return await action();
  } catch (error) {
    if (errorCodeOf(error) !== 'insufficient_aal') throw error;
    if (!(await confirm())) return undefined;
    return action();
  }
}
