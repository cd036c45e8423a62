import type { FastifyRequest } from 'fastify';
import { hashToken, isUuid, safeEqual } from '../../lib/secure-random.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import { requestLanguage } from '../http/request-details.ts';
import { checkSendFrequency } from '../policies/send-frequency.ts';
import type { FactorRow } from '../users/serializers.ts';
import {
  deleteChallenge,
  findChallenge,
  lastChallengeAt,
  markChallengeAnswered,
  recordChallenge,
} from './factors-repository.ts';
import { newPhoneCode, phoneCodeMessage } from './phone.ts';
import { passkeyOptions, type StoredCredential } from './webauthn.ts';

/** A challenge must be answered within five minutes (the minimum GoTrue allows). */
export const CHALLENGE_LIFETIME_MS = 300_000;
/** At most one text message per phone factor per minute (GoTrue's MFA_PHONE_MAX_FREQUENCY). */
const PHONE_FREQUENCY_SECONDS = 60;

/** The caller's own factor, or GoTrue's 404s (`loadFactor`): a malformed id, an unknown one. */
export function ownFactor({ record }: Authenticated, factorId: string): FactorRow {
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = record.factors.find((f) => f.id === factorId);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

export const storedCredential = (factor: FactorRow) =>
  (factor.webauthnCredential ?? undefined) as StoredCredential | undefined;

/**
 * POST /factors/{id}/challenge: records a challenge bound to the caller's IP. A phone factor gets
 * its code by text message (only the hash is kept); a passkey gets WebAuthn options whose
 * challenge is kept to check the answer against.
 */
export async function createChallenge(
  context: AuthContext,
  request: FastifyRequest,
  caller: Authenticated,
  factor: FactorRow,
) {
  const { db } = context;
  let otpCodeHash: string | null = null;
  let webauthn: Awaited<ReturnType<typeof passkeyOptions>> | undefined;
  if (factor.factorType === 'phone') {
    await checkPhoneFrequency(context, factor.id);
    const code = newPhoneCode();
    otpCodeHash = hashToken(code);
    await context.mfa.sms
      .send(factor.phone ?? '', phoneCodeMessage(requestLanguage(request), code))
      .catch((error: unknown) => {
        // The gateway's fault, not the client's: logged without the message (it holds the code).
        request.log.error({ err: error }, 'SMS could not be sent');
        throw new AuthError(500, 'sms_send_failed', 'Error sending SMS');
      });
  }
  if (factor.factorType === 'webauthn') {
    const others = caller.record.factors
      .filter((f) => f.factorType === 'webauthn' && f.id !== factor.id)
      .flatMap((f) => storedCredential(f) ?? []);
    const user = { id: caller.record.user.id, email: caller.record.user.email ?? '' };
    webauthn = await passkeyOptions(context.mfa.webauthn, user, storedCredential(factor), others);
  }
  const now = new Date();
  const challenge = await recordChallenge(
    db,
    {
      factorId: factor.id,
      otpCodeHash,
      webauthnSession: webauthn ? { challenge: webauthn.publicKey.challenge } : null,
      ip: request.ip,
    },
    now,
  );
  if (!challenge) throw new Error('challenge insert returned nothing');
  const answer = {
    id: challenge.id,
    type: factor.factorType,
    expires_at: Math.floor((challenge.createdAt.getTime() + CHALLENGE_LIFETIME_MS) / 1000),
  };
  if (!webauthn) return answer;
  return {
    ...answer,
    webauthn: { type: webauthn.type, credential_options: { publicKey: webauthn.publicKey } },
  };
}

async function checkPhoneFrequency(context: AuthContext, factorId: string): Promise<void> {
  const last = await lastChallengeAt(context.db, factorId);
  checkSendFrequency(last, PHONE_FREQUENCY_SECONDS, 'over_sms_send_rate_limit');
}

const ipMismatch = () =>
  new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');

/**
 * The challenge being answered: it must belong to the factor, come from the IP that asked for it,
 * be unanswered and within its lifetime. A wrong code leaves it open for another try.
 */
export async function openChallenge(
  context: AuthContext,
  request: FastifyRequest,
  factor: FactorRow,
  challengeId: unknown,
) {
  if (!isUuid(challengeId))
    throw new AuthError(400, 'validation_failed', 'challenge_id must be a UUID');
  const challenge = await findChallenge(context.db, challengeId, factor.id);
  if (!challenge)
    throw new AuthError(
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  if (challenge.createdAt.getTime() + CHALLENGE_LIFETIME_MS < Date.now()) {
    await deleteChallenge(context.db, challenge.id);
    throw new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (challenge.ip !== request.ip || challenge.verifiedAt) throw ipMismatch();
  return challenge;
}

/**
 * Marks a challenge answered. The check and the mark are one statement, so of two racing correct
 * answers only one wins; the other is told the challenge is spent.
 */
export async function consumeChallenge(context: AuthContext, challengeId: string): Promise<void> {
  if (!(await markChallengeAnswered(context.db, challengeId))) throw ipMismatch();
}

/** Constant-time comparison of a typed phone code with the stored hash. */
export function phoneCodeMatches(storedHash: string | null, code: string): boolean {
  if (!storedHash || !/^\d{6}$/.test(code)) return false;
  return safeEqual(hashToken(code), storedHash);
}
