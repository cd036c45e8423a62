import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

function totp(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret and what the enrolling app shows: the otpauth:// URI and its QR code as SVG. */
export async function newTotp(issuer: string, account: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, issuer, account).toString();
  // Raw SVG markup, as GoTrue sends it: supabase-js turns it into a data: URI itself.
  const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return { secret, uri, qrCode };
}

/**
 * The 30-second step a code belongs to, accepting the previous and the next step for clock drift,
 * or undefined for a wrong code. The caller refuses a step it has already accepted once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD) + delta;
}
