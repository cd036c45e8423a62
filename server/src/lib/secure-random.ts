import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Compares two secrets without leaking, through the time taken, how much of them matched. (Only
 * the length can show; callers compare hashes or fixed-length values.)
 */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID: checked before one reaches a uuid column, which would refuse it with an error. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
