import { CHAT_BODY_LIMIT, ChatRequestSchema } from '@partak/domain/api/chat';
import type { MentorEvent } from '@partak/domain/mentor-events';
import type { AccessVerifier } from '../../auth/access-verifier.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { countHit } from '../../lib/rate-limit.ts';
import type { Mentor } from '../../mentor/index.ts';
import type { ApiInstance } from '../api-instance.ts';

const WINDOW_MS = 10 * 60_000;

/** The last event of a reply the server had to cut short because it is shutting down. */
const SHUTTING_DOWN: MentorEvent = { type: 'error', code: 'unavailable' };

/**
 * POST /chat: the mentor's reply to a conversation, streamed as server-sent events (one JSON
 * event a `data:` line, docs/mentor-protocol.md). Open to everyone; a valid access token only puts
 * the request in its user's rate-limit bucket instead of its IP's, and an invalid one is refused
 * (401/403), so the app refreshes it rather than silently sharing an IP's bucket.
 */
export function chatRoute(
  app: ApiInstance,
  options: { db: Db; verifier: AccessVerifier; mentor: Mentor; limit: number },
): void {
  app.post(
    '/chat',
    { schema: { body: ChatRequestSchema }, bodyLimit: CHAT_BODY_LIMIT },
    async (request, reply) => {
      const user = request.headers.authorization
        ? (await options.verifier.authenticate(request)).record.user.id
        : undefined;
      const bucket = user ? `chat:user:${user}` : `chat:ip:${request.ip}`;
      const { count, ttlMs } = await countHit(options.db, bucket, WINDOW_MS);
      if (count > options.limit) {
        throw new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached', {
          headers: { 'retry-after': String(Math.ceil(ttlMs / 1000)) },
        });
      }
      const stream = app.eventStreams.start(request, reply, { shutdownEvent: SHUTTING_DOWN });
      try {
        for await (const event of options.mentor.reply(request.body, stream.signal)) {
          stream.send(event);
        }
      } catch (error) {
        request.log.error({ err: error }, 'the mentor failed');
        stream.send({ type: 'error', code: 'unexpected_failure' } satisfies MentorEvent);
      }
      stream.end();
    },
  );
}
