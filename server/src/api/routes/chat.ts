import type { FastifyRequest } from 'fastify';
import { CHAT_BODY_LIMIT, ChatRequestSchema } from '@partak/domain/api/chat';
import type { MentorEvent } from '@partak/domain/mentor-events';
import type { AccessVerifier } from '../../auth/tokens/access-verifier.ts';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { Mentor } from '../../mentor/index.ts';
import type { ApiInstance } from '../api-instance.ts';

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
  options: { verifier: AccessVerifier; mentor: Mentor; limit: Limit },
): void {
  const bucketOf = async (request: FastifyRequest) =>
    request.headers.authorization
      ? `user:${(await options.verifier.authenticate(request)).record.user.id}`
      : `ip:${request.ip}`;
  app.post(
    '/chat',
    {
      schema: { body: ChatRequestSchema },
      bodyLimit: CHAT_BODY_LIMIT,
      config: rateLimitFor(options.limit, 'chat', bucketOf),
    },
    async (request, reply) => {
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
