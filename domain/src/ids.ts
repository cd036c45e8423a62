/**
 * Record ids. Every record the app makes gets a random UUID in the browser (or any client), so a
 * create sent twice — a retry, an offline queue replayed — names the same record and never
 * duplicates it.
 */

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function format(bytes: Uint8Array, version: number): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | (version << 4);
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A new random (version 4) UUID. Built on `getRandomValues` rather than `randomUUID`, which
 * browsers offer only on https and localhost: the app must work on a plain-http LAN address too.
 */
/** The Web Crypto API, in browsers and Node alike (declared here: domain/ has neither's typings). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

export function newId(): string {
  return format(crypto.getRandomValues(new Uint8Array(16)), 4);
}

/**
 * The id a record from an older version of the app gets (numeric or seed ids such as `'1'`):
 * a version 8 UUID derived from its kind and old id, so every read, every tab and every device
 * upgrades the same record to the same id, and merging two devices' copies never duplicates it.
 * The hash is FNV-1a run four times with different offsets; it only has to spread, not to resist
 * an attacker (the server scopes every id by user anyway).
 */
export function legacyId(kind: string, old: string | number): string {
  const input = `${kind}:${String(old)}`;
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  for (let lane = 0; lane < 4; lane++) {
    let hash = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < input.length; i++) {
      hash ^= input.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    view.setUint32(lane * 4, hash);
  }
  return format(bytes, 8);
}

/**
 * When a record of an older version was made, if its id says so: those ids were `Date.now()`
 * (milliseconds since 1970, as a number or a string of digits).
 */
export function legacyIdTime(old: unknown): string | undefined {
  const time = /^\d{12,15}$/.test(String(old)) ? Number(old) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * `value` with `changes` applied — the very same object when none of them changes anything, so
 * a reader can tell by identity that an upgrade had nothing to do (and need not write it back).
 */
export function withChanges<T extends object>(value: T, changes: Partial<T>): T {
  const record = value as Record<string, unknown>;
  const same = Object.entries(changes).every(([key, next]) => record[key] === next);
  return same ? value : { ...value, ...changes };
}
