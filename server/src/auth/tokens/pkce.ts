import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hashToken, safeEqual } from '../../lib/secure-random.ts';
import { AuthError } from '../http/auth-error.ts';
import { field } from '../http/request-input.ts';
import {
  insertFlow,
  newestWaitingFlow,
  setAuthCode,
  takeFlowByCode,
} from './flow-states-repository.ts';

/** What a PKCE client sends when it starts a flow (its code challenge and method). */
export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** An issued auth code is exchanged within this many seconds, or not at all. */
export const AUTH_CODE_LIFETIME_SECONDS = 300;

const codeExpiry = () => new Date(Date.now() + AUTH_CODE_LIFETIME_SECONDS * 1000);

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** The body fields that start a PKCE flow (part of each such route's input, request-input.ts). */
export const PKCE_FIELDS = { code_challenge: field.string, code_challenge_method: field.string };

/**
 * Reads `code_challenge` and `code_challenge_method` from a request's input: both absent (or
 * null) means the implicit flow; half a pair, a malformed challenge or an unknown method is refused.
 */
export function readPkceChallenge(input: {
  code_challenge?: string;
  code_challenge_method?: string;
}): PkceChallenge | undefined {
  const { code_challenge: challenge, code_challenge_method: method } = input;
  if (challenge === undefined && method === undefined) return undefined;
  if (!challenge || !method) {
    throw new AuthError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (!CHALLENGE.test(challenge)) {
    throw new AuthError(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters of [A-Za-z0-9._~-]',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw new AuthError(400, 'validation_failed', 'code challenge method not supported');
  }
  return { challenge, method: normalized };
}

/**
 * RFC 7636 §4.6: the verifier, hashed (S256) or as it is (plain), equals the stored challenge;
 * compared in constant time. An unknown method matches nothing.
 */
export function verifierMatches(
  stored: { codeChallengeMethod: string; codeChallenge: string },
  verifier: string,
): boolean {
  const method = stored.codeChallengeMethod;
  if (method !== 's256' && method !== 'plain') return false;
  const computed =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return safeEqual(computed, stored.codeChallenge);
}

/**
 * Records a PKCE flow for a user and a sign-in method (`email/signup`, `recovery`, …). It waits
 * for the email link; `lifetimeSeconds` is the link's own lifetime.
 */
export async function startFlow(
  db: Db,
  input: { userId: string; pkce: PkceChallenge; method: string; lifetimeSeconds: number },
): Promise<void> {
  await insertFlow(db, {
    userId: input.userId,
    codeChallenge: input.pkce.challenge,
    codeChallengeMethod: input.pkce.method,
    providerType: 'email',
    authenticationMethod: input.method,
    expiresAt: new Date(Date.now() + input.lifetimeSeconds * 1000),
  });
}

/**
 * The email link was opened: the user's newest waiting flow for that method gets an auth code
 * (returned once; only its hash is kept), valid for AUTH_CODE_LIFETIME_SECONDS from now.
 */
export async function issueAuthCode(
  db: Db,
  userId: string,
  method: string,
): Promise<string | undefined> {
  const flowId = await newestWaitingFlow(db, userId, method);
  if (!flowId) return undefined;
  const code = randomUUID();
  await setAuthCode(db, flowId, hashToken(code), codeExpiry());
  return code;
}

/**
 * A provider sign-in (GET /callback) finished for a PKCE flow: that very flow now belongs to the
 * user and gets an auth code (returned once; only its hash is kept), valid for
 * AUTH_CODE_LIFETIME_SECONDS. What the flow held for the provider leg (our verifier, the nonce) is
 * no longer needed and is dropped.
 */
export async function issueAuthCodeForFlow(
  db: Db,
  flowId: string,
  userId: string,
): Promise<string> {
  const code = randomUUID();
  await setAuthCode(db, flowId, hashToken(code), codeExpiry(), { userId, providerData: {} });
  return code;
}

/**
 * POST /token?grant_type=pkce: trades an auth code and the verifier for the flow it belongs to.
 * The flow is deleted in the statement that finds it, so a code works once even under a race;
 * the verifier is checked against the challenge in constant time.
 */
export async function redeemAuthCode(
  db: Db,
  code: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  const flow = await takeFlowByCode(db, hashToken(code));
  if (!flow?.userId) {
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  if (flow.expiresAt.getTime() < Date.now()) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifierMatches(flow, verifier)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  return { userId: flow.userId, method: flow.authenticationMethod };
}
