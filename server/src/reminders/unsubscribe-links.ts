import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { settingOnce } from '../db/instance-settings-repository.ts';

/*
 * The unsubscribe link of a reminder e-mail works without signing in, so its token is the
 * capability: `<user id>.<HMAC-SHA256 of the user id and the link generation>`, signed with a
 * secret made once per installation. Nothing of the token is stored (a leaked database holds no
 * working link), a forged one fails the HMAC (compared in constant time), and choosing e-mail
 * again raises the generation, so older mails' links stop working.
 */

export async function unsubscribeSecret(db: Db): Promise<Buffer> {
  const stored = await settingOnce(db, 'reminder_unsubscribe_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  return Buffer.from(stored, 'base64url');
}

const mac = (secret: Buffer, userId: string, generation: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${generation}`).digest();

export function unsubscribeToken(secret: Buffer, userId: string, generation: number): string {
  return `${userId}.${mac(secret, userId, generation).toString('base64url')}`;
}

/** The user a token names, if its HMAC holds for `generation` (looked up by the caller). */
export function tokenUser(token: string): { userId: string; signature: Buffer } | undefined {
  const [userId, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !signature) return undefined;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(userId))
    return undefined;
  return { userId, signature: Buffer.from(signature, 'base64url') };
}

export function tokenHolds(
  secret: Buffer,
  userId: string,
  generation: number,
  signature: Buffer,
): boolean {
  const expected = mac(secret, userId, generation);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
