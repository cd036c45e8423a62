import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import type { FactorRow } from '../users/serializers.ts';
import { sessionResponse } from '../tokens/session-response.ts';
import { loadUser } from '../users/users-repository.ts';
import {
  consumeChallenge,
  openChallenge,
  phoneCodeMatches,
  storedCredential,
} from './challenge.ts';
import { markFactorVerified } from './factors-repository.ts';
import { upgradeSession, type FactorType } from './session-upgrade.ts';
import { totpStep } from './totp.ts';
import { verifyPasskey } from './webauthn.ts';

const failed = (message: string) => new AuthError(422, 'mfa_verification_failed', message);

/** What POST /factors/{id}/verify reads (GoTrue's VerifyFactorParams). */
export interface VerifyInput {
  challenge_id?: string;
  code?: string;
  webauthn?: { credential_response?: unknown };
}

function requireCode(input: VerifyInput): string {
  const code = input.code?.trim() ?? '';
  if (!code) throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty');
  return code;
}

/**
 * What a correct answer changes on the factor: a TOTP code's step (so the code cannot be used
 * again), a passkey's credential (new, or with its counter moved on). Throws for a wrong answer.
 */
async function checkAnswer(
  context: AuthContext,
  factor: FactorRow,
  webauthnChallenge: string,
  input: VerifyInput,
  otpCodeHash: string | null,
): Promise<Partial<FactorRow>> {
  if (factor.factorType === 'totp') {
    const step = totpStep(factor.secret ?? '', requireCode(input));
    if (step === undefined || (factor.totpLastStep !== null && step <= factor.totpLastStep))
      throw failed('Invalid TOTP code entered');
    return { totpLastStep: step };
  }
  if (factor.factorType === 'phone') {
    if (!phoneCodeMatches(otpCodeHash, requireCode(input)))
      throw failed('Invalid MFA Phone code entered');
    return {};
  }
  const { webauthn } = input;
  if (!webauthn?.credential_response)
    throw new AuthError(400, 'validation_failed', 'webauthn.credential_response is required');
  const credential = await verifyPasskey(
    context.mfa.webauthn,
    webauthnChallenge,
    webauthn.credential_response,
    factor.status === 'verified' ? storedCredential(factor) : undefined,
  );
  if (!credential) throw failed('WebAuthn verification failed');
  return { webauthnCredential: credential };
}

/**
 * POST /factors/{id}/verify: a correct answer verifies the factor (the first time) and lifts this
 * session to aal2; the answer is a new session (GoTrue's mfa.go).
 */
export async function verifyFactor(
  context: AuthContext,
  request: FastifyRequest,
  caller: Authenticated,
  factor: FactorRow,
  input: VerifyInput,
) {
  const { db } = context;
  const challenge = await openChallenge(context, request, factor, input.challenge_id);
  const session = challenge.webauthnSession as { challenge?: string } | null;
  const changes = await checkAnswer(
    context,
    factor,
    session?.challenge ?? '',
    input,
    challenge.otpCodeHash,
  );
  await consumeChallenge(context, challenge.id);
  // Two racing requests with the same TOTP code: only one moves the step on.
  if (!(await markFactorVerified(db, factor.id, changes)))
    throw failed('Invalid TOTP code entered');

  const upgraded = await upgradeSession(db, caller.session, {
    id: factor.id,
    type: factor.factorType as FactorType,
    newlyVerified: factor.status !== 'verified',
  });
  const record = await loadUser(db, caller.record.user.id);
  if (!record) throw new AuthError(403, 'user_not_found', 'User not found');
  return sessionResponse(context, record, upgraded.session, upgraded.refreshToken);
}
