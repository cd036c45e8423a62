import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isUuid } from '../../lib/secure-random.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { startSession } from '../tokens/session-response.ts';
import { isBanned, loadUser, type UserRecord } from '../users/users-repository.ts';
import { consumeChallenge, issueChallenge } from './challenges.ts';
import { passkeyByCredentialId, recordUse, type PasskeyRow } from './passkeys-repository.ts';
import { credentialJson, verifyBody } from './passkey-wire.ts';
import { requestOptions, verifyAssertion } from './relying-party.ts';

const verificationFailed = () =>
  new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');

/**
 * The passkey the answer names, if it belongs to the account its user handle names. A
 * discoverable answer must carry the handle (who is signing in is known from nothing else); an
 * unknown credential, or one whose handle names another account, fails like a bad signature.
 */
async function answeringPasskey(
  context: AuthContext,
  response: AuthenticationResponseJSON,
): Promise<PasskeyRow> {
  const handle = response.response.userHandle;
  const userId = handle ? Buffer.from(handle, 'base64url').toString('utf8') : '';
  if (!isUuid(userId)) throw verificationFailed();
  const passkey = await passkeyByCredentialId(context.db, response.id);
  if (!passkey || passkey.userId !== userId) throw verificationFailed();
  return passkey;
}

/** Refuses a user who may not sign in (GoTrue's passkey checks: 403s, unlike the password grant). */
function checkMaySignIn(record: UserRecord | undefined): UserRecord {
  // Deleted since the check: their passkeys went with them, so this is only a race.
  if (!record) throw verificationFailed();
  if (record.user.email && !record.user.emailConfirmedAt)
    throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
  if (isBanned(record.user)) throw new AuthError(403, 'user_banned', 'User is banned');
  return record;
}

/**
 * Signing in with a passkey as the first factor (GoTrue's passkey_authentication.go): options
 * with a challenge bound to no user, then the authenticator's answer, which names its user. A
 * session of aal1 with `amr` method `passkey` follows; a second factor, if the user has one, is
 * still asked for as after a password.
 */
export function authenticationRoutes(app: FastifyInstance, context: AuthContext): void {
  // GOTRUE_RATE_LIMIT_PASSKEY: anyone may ask, and each asking stores a challenge.
  const optionsLimit = rateLimitFor(context.rateLimits.passkey, 'passkey');
  // The answer starts a session: it counts with every other sign-in from the address (/token).
  const signInLimit = rateLimitFor(context.rateLimits.token, 'token');

  app.post('/passkeys/authentication/options', { config: optionsLimit }, async () => {
    const issued = await issueChallenge(context.db, 'authentication', null);
    return {
      challenge_id: issued.id,
      options: requestOptions(context.mfa.webauthn, issued.challenge),
      expires_at: Math.floor(issued.expiresAt.getTime() / 1000),
    };
  });

  app.post('/passkeys/authentication/verify', { config: signInLimit }, async (request) => {
    const { challengeId, credential } = verifyBody(request);
    const challengeHash = await consumeChallenge(context.db, challengeId, 'authentication', null);
    const response = credentialJson<AuthenticationResponseJSON>(credential, [
      'clientDataJSON',
      'authenticatorData',
      'signature',
    ]);
    const passkey = await answeringPasskey(context, response);
    const newCount = await verifyAssertion(context.mfa.webauthn, challengeHash, response, passkey);
    if (newCount === undefined) throw verificationFailed();
    const record = checkMaySignIn(await loadUser(context.db, passkey.userId));
    if (!(await recordUse(context.db, passkey, newCount))) throw verificationFailed();
    return startSession(context, request, record.user.id, 'passkey', {
      audit: { action: 'login', details: { passkey_id: passkey.id } },
    });
  });
}
