import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { MfaSettings } from '../auth-context.ts';

/** A passkey as the factor row keeps it: id and public key base64url, the signature counter. */
export interface StoredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  aaguid?: string;
}

type RelyingParty = MfaSettings['webauthn'];

/**
 * The options for `navigator.credentials.create` (an unverified factor: registration) or `.get`
 * (a verified one: sign-in). The relying party comes from configuration only — what a client says
 * its origin is never counts (GoTrue ignores it too).
 */
export async function passkeyOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  credential: StoredCredential | undefined,
  existing: StoredCredential[],
) {
  if (!credential) {
    const publicKey = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    return { type: 'create' as const, publicKey };
  }
  const publicKey = await generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: [{ id: credential.id, transports: credential.transports }],
    userVerification: 'preferred',
  });
  return { type: 'request' as const, publicKey };
}

/**
 * Checks the browser's answer against the challenge we issued. Returns the credential to keep
 * (new, or with its counter moved on), or undefined when the answer does not verify.
 */
export async function verifyPasskey(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  credential: StoredCredential | undefined,
): Promise<StoredCredential | undefined> {
  const expected = {
    expectedChallenge: challenge,
    expectedOrigin: rp.rpOrigins,
    expectedRPID: rp.rpId,
    requireUserVerification: false,
  };
  try {
    if (!credential) {
      const result = await verifyRegistrationResponse({
        ...expected,
        response: response as RegistrationResponseJSON,
      });
      if (!result.verified) return undefined;
      const { credential: made, aaguid } = result.registrationInfo;
      return {
        id: made.id,
        publicKey: Buffer.from(made.publicKey).toString('base64url'),
        counter: made.counter,
        transports: made.transports,
        aaguid,
      };
    }
    const result = await verifyAuthenticationResponse({
      ...expected,
      response: response as AuthenticationResponseJSON,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports as never,
      },
    });
    return result.verified
      ? { ...credential, counter: result.authenticationInfo.newCounter }
      : undefined;
  } catch {
    // A malformed or foreign answer is a failed verification, never a server error.
    return undefined;
  }
}
