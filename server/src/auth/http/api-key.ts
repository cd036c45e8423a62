import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { settingOnce, settingOnceReporting } from '../../db/instance-settings.ts';

/**
 * The public API key every client sends as `apikey` (like Supabase's publishable key). It is
 * not a secret — it ships to every browser — it only tells our API from random traffic.
 * AUTH_ANON_KEY fixes it; otherwise one is generated on the first start and kept.
 */
export async function anonKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return settingOnce(
    db,
    'anon_key',
    () => `sb_publishable_${randomBytes(24).toString('base64url')}`,
  );
}

/**
 * The secret key of the admin API (Supabase's service-role / `sb_secret_` key).
 * AUTH_SERVICE_ROLE_KEY fixes it; otherwise one is generated on the first start and kept in the
 * database, and `generated` is true on that start only — the one time the caller may show it to
 * the operator. 32 random bytes: it is a bearer credential guessed, if at all, over the network.
 */
export async function serviceRoleKey(
  db: Db,
  configured: string | undefined,
): Promise<{ key: string; generated: boolean }> {
  if (configured) return { key: configured, generated: false };
  const { value, created } = await settingOnceReporting(
    db,
    'service_role_key',
    () => `sb_secret_${randomBytes(32).toString('base64url')}`,
  );
  return { key: value, generated: created };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when `given` is `expected`. Compared through fixed-length digests in constant time, so the
 * response time says nothing about how much of a guess was right (or how long the key is).
 */
export function sameKey(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The `apikey` header, or the `?apikey=` query parameter; undefined when neither is there. */
export function givenApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  const query = (request.query as Record<string, unknown> | undefined)?.apikey;
  return (
    (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined)
  );
}

/**
 * Checks the `apikey` header (or `?apikey=`) the way Supabase's gateway does: missing → 401 "No
 * API key found in request", neither of `accepted` (the anon and the service-role key) → 401
 * "Invalid API key". Every accepted key is compared, so the time taken does not tell which one
 * came close.
 */
export function apiKeyGate(accepted: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = givenApiKey(request);
    if (!given) {
      return reply.code(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const matches = accepted.map((key) => sameKey(given, key));
    if (!matches.includes(true)) {
      return reply.code(401).send({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    return undefined;
  };
}
