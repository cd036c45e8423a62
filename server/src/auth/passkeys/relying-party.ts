import { randomBytes } from 'node:crypto';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { hashToken, safeEqual } from '../../lib/secure-random.ts';
import type { MfaSettings } from '../auth-context.ts';

/** The relying party of every passkey: from configuration only (WEBAUTHN_RP_*), never the client. */
export type RelyingParty = MfaSettings['webauthn'];

/**
 * The algorithms offered, in GoTrue's order (go-webauthn's defaults): ES256, ES384, ES512, RS256,
 * RS384, RS512, PS256, PS384, PS512, EdDSA. A key of any other kind is refused at registration.
 */
export const ALGORITHMS = [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8];

/** How long the browser may wait for the user (go-webauthn's default, which GoTrue sends). */
const CEREMONY_TIMEOUT_MS = 300_000;

/**
 * A fresh challenge: 32 random bytes, base64url. It proves the answer was made for this ceremony
 * (a recorded answer cannot be replayed), so it must be unguessable and used once.
 */
export const newChallenge = () => randomBytes(32).toString('base64url');

/** The WebAuthn user handle of an account: the bytes of its UUID as text, as GoTrue makes it. */
export const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

export interface PasskeyUser {
  id: string;
  /** The account's e-mail (or phone): what the authenticator shows under the passkey. */
  name: string;
  displayName: string;
}

/**
 * Options for `navigator.credentials.create()` (JSON, binary fields base64url), shaped as GoTrue
 * sends them. The key must be discoverable (`residentKey: required`): sign-in starts with no
 * user known, so the authenticator itself must offer the passkey and name its user. The
 * credentials in `exclude` make the authenticator refuse to make a second one for the account.
 */
export function creationOptions(
  rp: RelyingParty,
  user: PasskeyUser,
  exclude: string[],
  challenge: string,
) {
  return {
    rp: { name: rp.rpName, id: rp.rpId },
    user: { name: user.name, displayName: user.displayName, id: userHandleOf(user.id) },
    challenge,
    pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
    timeout: CEREMONY_TIMEOUT_MS,
    ...(exclude.length > 0
      ? { excludeCredentials: exclude.map((id) => ({ type: 'public-key', id })) }
      : {}),
    // requireResidentKey too, for browsers older than WebAuthn Level 2 that ignore residentKey.
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    },
    attestation: 'none',
  };
}

/**
 * Options for `navigator.credentials.get()`: no `allowCredentials`, so the browser offers every
 * passkey it holds for the relying party (the picker, or autofill with conditional mediation).
 */
export function requestOptions(rp: RelyingParty, challenge: string) {
  return {
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    rpId: rp.rpId,
    userVerification: 'preferred',
  };
}

/**
 * Compares the challenge the browser signed with the one issued, known to us only by its hash,
 * in constant time.
 */
const matchesIssued = (challengeHash: string) => (challenge: string) =>
  safeEqual(hashToken(challenge), challengeHash);

/** What the relying party checks in every answer; user verification is "preferred", as in GoTrue. */
const expectations = (rp: RelyingParty, challengeHash: string) => ({
  expectedChallenge: matchesIssued(challengeHash),
  expectedOrigin: rp.rpOrigins,
  expectedRPID: rp.rpId,
  requireUserVerification: false,
});

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  aaguid: string;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/**
 * Checks a registration answer (attestation `none`: we trust the key, not a vendor's
 * certificate): challenge, origin, relying party, user presence, algorithm. Returns the passkey
 * to keep, or undefined when anything fails to verify.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  challengeHash: string,
  response: RegistrationResponseJSON,
): Promise<NewPasskey | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      ...expectations(rp, challengeHash),
      response,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return undefined;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      signCount: info.credential.counter,
      transports: response.response.transports ?? [],
      aaguid: info.aaguid,
      attestationType: info.fmt,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
    };
  } catch {
    // A malformed or foreign answer is a failed verification, never a server error.
    return undefined;
  }
}

/**
 * Checks a sign-in answer against the stored passkey: challenge, origin, relying party, user
 * presence, the signature over both, and the counter, which must grow when the authenticator
 * keeps one (a clone would repeat it). Returns the new counter, or undefined.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challengeHash: string,
  response: AuthenticationResponseJSON,
  passkey: { credentialId: string; publicKey: string; signCount: number },
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      ...expectations(rp, challengeHash),
      response,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.signCount,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
