import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { settingOnce } from '../db/instance-settings.ts';

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

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks the `apikey` header (or `?apikey=`) the way Supabase's gateway does: missing → 401 "No
 * API key found in request", wrong → 401 "Invalid API key". Compared through fixed-length digests
 * in constant time, so the response time says nothing about how much of a guess was right.
 */
export function apiKeyGate(expected: string) {
  const expectedDigest = digest(expected);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const given =
      (Array.isArray(header) ? header[0] : header) ??
      (typeof query === 'string' ? query : undefined);
    if (!given) {
      return reply.code(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    if (!timingSafeEqual(digest(given), expectedDigest)) {
      return reply.code(401).send({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    return undefined;
  };
}
