import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Authenticated } from '../tokens/access-verifier.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { storedCredential } from '../mfa/challenge.ts';
import { consumeChallenge, issueChallenge } from './challenges.ts';
import { passkeyName } from './passkey-names.ts';
import { addPasskey, listPasskeys, MAX_PASSKEYS_PER_USER } from './passkeys-repository.ts';
import { credentialJson, requireManagementAal, signedInUser, verifyBody } from './passkey-wire.ts';
import { creationOptions, verifyRegistration, type PasskeyUser } from './relying-party.ts';

/** Who may add a passkey: a signed-in, non-anonymous user, at aal2 if they use a second factor. */
async function registrant(context: AuthContext, request: FastifyRequest) {
  const who = await signedInUser(context, request, { anonymous: false });
  requireManagementAal(who);
  return who;
}

/** The account as the authenticator shows it: e-mail (else phone), and the name if one is set. */
function passkeyUser({ record: { user } }: Authenticated): PasskeyUser {
  const name = user.email || user.phone || '';
  const metaName = (user.userMetadata as Record<string, unknown> | null)?.name;
  return {
    id: user.id,
    name,
    displayName: typeof metaName === 'string' && metaName ? metaName : name,
  };
}

/**
 * The credentials the authenticator must not make again: the user's sign-in passkeys, and their
 * second-factor passkeys too. A discoverable passkey made for the same account on the same
 * authenticator would replace the second factor's (same relying party, same user handle), and
 * the user would lose that factor without knowing it.
 */
async function excluded(context: AuthContext, who: Authenticated): Promise<string[]> {
  const passkeys = await listPasskeys(context.db, who.record.user.id);
  if (passkeys.length >= MAX_PASSKEYS_PER_USER)
    throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
  const factors = who.record.factors
    .filter((factor) => factor.factorType === 'webauthn')
    .flatMap((factor) => storedCredential(factor)?.id ?? []);
  return [...passkeys.map((passkey) => passkey.credentialId), ...factors];
}

/**
 * Adding a passkey to the signed-in account (GoTrue's passkey_registration.go): options with a
 * challenge bound to the user, then the authenticator's answer, checked and kept.
 */
export function registrationRoutes(app: FastifyInstance, context: AuthContext): void {
  app.post('/passkeys/registration/options', async (request) => {
    const who = await registrant(context, request);
    const exclude = await excluded(context, who);
    const issued = await issueChallenge(context.db, 'registration', who.record.user.id);
    return {
      challenge_id: issued.id,
      options: creationOptions(context.mfa.webauthn, passkeyUser(who), exclude, issued.challenge),
      expires_at: Math.floor(issued.expiresAt.getTime() / 1000),
    };
  });

  app.post('/passkeys/registration/verify', async (request) => {
    const who = await registrant(context, request);
    const userId = who.record.user.id;
    const { challengeId, credential } = verifyBody(request);
    const challengeHash = await consumeChallenge(context.db, challengeId, 'registration', userId);
    const response = credentialJson<RegistrationResponseJSON>(credential, [
      'clientDataJSON',
      'attestationObject',
    ]);
    const made = await verifyRegistration(context.mfa.webauthn, challengeHash, response);
    if (!made)
      throw new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');
    const row = await addPasskey(context.db, userId, made, passkeyName(made.aaguid));
    await audit(context.db, request, userId, 'passkey_created', { passkey_id: row.id });
    return {
      id: row.id,
      ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
      created_at: row.createdAt.toISOString(),
    };
  });
}
