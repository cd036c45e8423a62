import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import {
  deleteFactor,
  dropUnfinishedFactors,
  insertFactor,
  listFactors,
} from './factors-repository.ts';
import { normalizePhone } from './phone.ts';
import type { FactorType } from './session-upgrade.ts';
import { newTotp } from './totp.ts';

/** The contract's limits (§5): factors per user, and how long an unverified one may wait. */
export const MAX_FACTORS = 10;
export const UNVERIFIED_FACTOR_LIFETIME_MS = 300_000;

const isFactorType = (value: unknown): value is FactorType =>
  value === 'totp' || value === 'phone' || value === 'webauthn';

/** The issuer's longest URI encoding: with any e-mail address, the URI fits a QR code. */
const ISSUER_MAX = 512;

/** What POST /factors reads (GoTrue's EnrollFactorParams). */
export interface EnrollInput {
  factor_type?: string;
  friendly_name?: string;
  issuer?: string;
  phone?: string;
}

/** POST /factors: a new, unverified factor (verified by its first successful challenge). */
export async function enrollFactor(
  context: AuthContext,
  { record, session }: Authenticated,
  input: EnrollInput,
) {
  const { db } = context;
  const { user } = record;
  if (!isFactorType(input.factor_type))
    throw new AuthError(
      400,
      'validation_failed',
      'factor_type needs to be totp, phone or webauthn',
    );
  const type = input.factor_type;
  const friendlyName = input.friendly_name?.trim() ?? '';
  const phone = type === 'phone' ? normalizePhone(input.phone) : undefined;
  if (type === 'phone' && !phone)
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  // The issuer goes into the otpauth:// URI and its QR code, which holds ~2,300 bytes: a longer
  // one made the code fail to draw (a 500, found by the fuzzer). Text with a lone surrogate
  // cannot be URI-encoded at all (encodeURIComponent throws; another 500 the fuzzer found).
  if (input.issuer && /\p{Cs}/u.test(input.issuer))
    throw new AuthError(400, 'validation_failed', 'issuer is not valid text');
  if (input.issuer && encodeURIComponent(input.issuer).length > ISSUER_MAX)
    throw new AuthError(400, 'validation_failed', 'issuer is too long');

  if (record.factors.some((f) => f.status === 'verified') && session.aal !== 'aal2')
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  await dropUnfinishedFactors(db, user.id, new Date(Date.now() - UNVERIFIED_FACTOR_LIFETIME_MS));
  let factors = await listFactors(db, user.id);
  if (phone) {
    const same = factors.filter((f) => f.factorType === 'phone' && f.phone === phone);
    if (same.some((f) => f.status === 'verified'))
      throw new AuthError(
        422,
        'mfa_verified_factor_exists',
        'A verified phone factor already exists for this number',
      );
    for (const stale of same) await deleteFactor(db, stale.id);
    factors = factors.filter((f) => !same.includes(f));
  }
  if (factors.length >= MAX_FACTORS)
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of enrolled factors reached',
    );
  if (friendlyName && factors.some((f) => f.friendlyName === friendlyName))
    throw new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );

  const issuer = input.issuer || new URL(context.siteUrl).host;
  const totp = type === 'totp' ? await newTotp(issuer, user.email ?? user.id) : undefined;
  const factor = await insertFactor(db, {
    userId: user.id,
    factorType: type,
    friendlyName: friendlyName || null,
    secret: totp?.secret ?? null,
    phone: phone ?? null,
  });
  const answer = { id: factor.id, type, friendly_name: friendlyName };
  if (totp)
    return { ...answer, totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri } };
  if (phone) return { ...answer, phone };
  return answer;
}
