import type { Factor, GoTrueClient } from '@supabase/auth-js';
import { errorCodeOf } from '@/lib/error-message.ts';

/** The second factors the app offers: authenticator app, text message, passkey. */
export const FACTOR_TYPES = ['totp', 'webauthn', 'phone'] as const;
export type SecondFactorType = (typeof FACTOR_TYPES)[number];

/** A factor as the app shows it; `phone` is the number a phone factor texts (server field). */
export interface SecondFactor {
  id: string;
  type: SecondFactorType;
  name: string;
  verified: boolean;
  phone: string;
}

const isSecondFactorType = (value: unknown): value is SecondFactorType =>
  (FACTOR_TYPES as readonly unknown[]).includes(value);

/** The user's factors the app knows how to use, in the order of FACTOR_TYPES, oldest first. */
export function toSecondFactors(factors: readonly Factor[]): SecondFactor[] {
  const known = factors.flatMap((factor): SecondFactor[] => {
    if (!isSecondFactorType(factor.factor_type)) return [];
    const phone = (factor as { phone?: unknown }).phone;
    return [
      {
        id: factor.id,
        type: factor.factor_type,
        name: factor.friendly_name?.trim() || (typeof phone === 'string' ? phone : ''),
        verified: factor.status === 'verified',
        phone: typeof phone === 'string' ? phone : '',
      },
    ];
  });
  const rank = (factor: SecondFactor) => FACTOR_TYPES.indexOf(factor.type);
  return known.sort((a, b) => rank(a) - rank(b));
}

/** The user's factors, fresh from the server (GET /user). */
export async function loadFactors(client: GoTrueClient): Promise<SecondFactor[]> {
  const { data, error } = await client.mfa.listFactors();
  if (error) throw error;
  return toSecondFactors(data.all);
}

/** `base`, or `base 2`, `base 3`… : the first name no factor of the user has yet. */
export function uniqueName(base: string, factors: readonly SecondFactor[]): string {
  const taken = new Set(factors.map((factor) => factor.name));
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base} ${number}`)) number += 1;
  return `${base} ${number}`;
}

/**
 * Removes the user's own unfinished attempts named `name` (an enrollment left unverified, e.g. a
 * cancelled passkey prompt), so a retry under the same name is not refused as a name conflict.
 */
export async function dropUnfinished(client: GoTrueClient, name: string): Promise<void> {
  for (const factor of await loadFactors(client)) {
    if (factor.verified || factor.name !== name) continue;
    const { error } = await client.mfa.unenroll({ factorId: factor.id });
    if (error) throw error;
  }
}

/**
 * The QR code the server sends as raw SVG markup (auth-js prefixes it unencoded), as a data URL an
 * <img> can show: an image never runs the markup's scripts, and the CSP allows `img-src data:`.
 */
export function qrCodeImage(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/, '');
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** A TOTP secret in groups of four, easier to copy by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Throws `error`, with the code `to` instead of `from` (the same failure, said for its context). */
export function recode(error: unknown, from: string, to: string): never {
  if (errorCodeOf(error) !== from) throw error;
  const message = error instanceof Error ? error.message : String(error);
  throw Object.assign(new Error(message), { code: to });
}
