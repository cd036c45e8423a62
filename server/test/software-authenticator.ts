import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, standing in for the browser and the device in tests: it
 * makes ES256 (P-256) credentials with attestation `none` and signs assertions, building the
 * structures as WebAuthn Level 2 defines them (§6.1 authenticator data, §6.5.4 the attestation
 * object, §5.8.1 client data, §6.3.3 the assertion signature over authData ‖ SHA-256(clientData)).
 * It answers in the JSON form supabase-js sends (`PublicKeyCredential.toJSON()`).
 */

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (§6.1): user present, user verified, backup eligible/state, attested. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: string;
  rpId: string;
  /** The user handle the relying party gave (base64url), returned with every assertion. */
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface CreationOptionsJson {
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { type: string; alg: number }[];
  excludeCredentials?: { id: string; type: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

export interface RequestOptionsJson {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string; type: string }[];
}

/** What a test may change to play a misbehaving browser or device. */
export interface Tweaks {
  /** The page's origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** The relying party id the authenticator hashes (default: the options'). */
  rpId?: string;
  /** Sign another challenge than the one given. */
  challenge?: string;
  /** Counter to report instead of counting up. */
  counter?: number;
  /** AAGUID (16 bytes, hex) of the authenticator model; default all zero. */
  aaguid?: string;
  /** Leave out the user handle of an assertion. */
  noUserHandle?: boolean;
}

/** The COSE_Key (RFC 9053) of a P-256 public key, for ES256 (-7). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftwareAuthenticator {
  readonly passkeys: SoftPasskey[] = [];
  /** The page the browser is on; the relying party comes with each ceremony's options. */
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** navigator.credentials.create(): a new discoverable ES256 credential, as registration JSON. */
  create(options: CreationOptionsJson, tweaks: Tweaks = {}) {
    const rpId = tweaks.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    if (!options.pubKeyCredParams.some((param) => param.alg === -7))
      throw new Error('NotSupportedError: ES256 not offered');
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.passkeys.some((p) => p.rpId === rpId && excluded.has(p.credentialId)))
      throw new Error('InvalidStateError: this authenticator already holds a passkey here');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const passkey: SoftPasskey = {
      credentialId: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: tweaks.counter ?? 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | BE | BS | AT]),
      counterBytes(passkey.counter),
      Buffer.from(tweaks.aaguid ?? '00'.repeat(16), 'hex'),
      idLength,
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const data = clientData(
      'webauthn.create',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? this.origin,
    );
    // A resident key replaces any other of the same relying party and user (§6.3.2 step 7).
    const same = this.passkeys.findIndex(
      (p) => p.rpId === rpId && p.userHandle === passkey.userHandle,
    );
    if (same >= 0) this.passkeys.splice(same, 1);
    this.passkeys.push(passkey);
    return {
      id: passkey.credentialId,
      rawId: passkey.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(data),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the chosen passkey (default: the newest one for
   * the relying party, as a user picking it would), counting its counter up.
   */
  get(options: RequestOptionsJson, tweaks: Tweaks = {}, chosen?: SoftPasskey) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const passkey =
      chosen ??
      this.passkeys
        .filter((p) => p.rpId === rpId)
        .filter((p) => allowed.length === 0 || allowed.includes(p.credentialId))
        .at(-1);
    if (!passkey) throw new Error('NotAllowedError: no passkey for this relying party');
    passkey.counter = tweaks.counter ?? passkey.counter + 1;
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? passkey.rpId),
      Buffer.from([UP | UV | BE | BS]),
      counterBytes(passkey.counter),
    ]);
    const data = clientData(
      'webauthn.get',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? this.origin,
    );
    // ECDSA over authData ‖ hash(clientData), DER-encoded as WebAuthn's ES256 signatures are.
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
    return {
      id: passkey.credentialId,
      rawId: passkey.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(tweaks.noUserHandle ? {} : { userHandle: passkey.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
