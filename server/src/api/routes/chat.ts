import type { FastifyRequest } from 'fastify';
import { CHAT_BODY_LIMIT, ChatRequestSchema } from '@partak/domain/api/chat';
import type { MentorEvent } from '@partak/domain/mentor-events';
import type { AccessVerifier } from '../../auth/tokens/access-verifier.ts';
import type { UsageLimits, ModelReplyReservation } from '../../billing/usage-limits.ts';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { Mentor } from '../../mentor/index.ts';
import type { ApiInstance } from '../api-instance.ts';

/** The last event of a reply the server had to cut short because it is shutting down. */
const SHUTTING_DOWN: MentorEvent = { type: 'error', code: 'unavailable' };

interface ChatOptions {
  verifier: AccessVerifier;
  mentor: Mentor;
  /** Whether an AI model answers; with billing on, its replies are what the free plan counts. */
  modelMentor: boolean;
  /** Billing's caps; undefined when the server sells nothing (then nothing is counted). */
  usage: UsageLimits | undefined;
  limit: Limit;
}

/**
 * Who answers: where the server sells the subscription, the model's replies belong to accounts
 * (signed out, the library answers), and a free account's allowance is taken before the reply
 * begins — past it, a 402 the app translates, with the question still in the chat.
 */
async function modelAllowance(
  options: ChatOptions,
  userId: string | undefined,
  libraryChosen: boolean,
): Promise<{ libraryOnly: boolean; reservation?: ModelReplyReservation }> {
  if (!options.modelMentor || !options.usage || libraryChosen)
    return { libraryOnly: libraryChosen };
  if (!userId) return { libraryOnly: true };
  const reservation = await options.usage.reserveModelReply(userId);
  if (!reservation) {
    throw new HttpError(402, 'model_replies_used_up', 'This month’s AI replies are used up');
  }
  return { libraryOnly: false, reservation };
}

/**
 * POST /chat: the mentor's reply to a conversation, streamed as server-sent events (one JSON
 * event a `data:` line, docs/mentor-protocol.md). Open to everyone; a valid access token only puts
 * the request in its user's rate-limit bucket instead of its IP's, and an invalid one is refused
 * (401/403), so the app refreshes it rather than silently sharing an IP's bucket.
 */
export function chatRoute(app: ApiInstance, options: ChatOptions): void {
  // The rate limit and the handler both need the caller: the token is checked once a request.
  const callers = new WeakMap<FastifyRequest, Promise<string | undefined>>();
  const userIdOf = (request: FastifyRequest) => {
    let caller = callers.get(request);
    if (!caller) {
      caller = request.headers.authorization
        ? options.verifier.authenticate(request).then((found) => found.record.user.id)
        : Promise.resolve(undefined);
      callers.set(request, caller);
    }
    return caller;
  };
  const bucketOf = async (request: FastifyRequest) => {
    const userId = await userIdOf(request);
    return userId ? `user:${userId}` : `ip:${request.ip}`;
  };
  app.post(
    '/chat',
    {
      schema: { body: ChatRequestSchema },
      bodyLimit: CHAT_BODY_LIMIT,
      config: rateLimitFor(options.limit, 'chat', bucketOf),
    },
    async (request, reply) => {
      const { libraryOnly, reservation } = await modelAllowance(
        options,
        await userIdOf(request),
        request.body.mentor === 'library',
      );
      const stream = app.eventStreams.start(request, reply, { shutdownEvent: SHUTTING_DOWN });
      let answeredByModel = false;
      try {
        for await (const event of options.mentor.reply(request.body, stream.signal, {
          libraryOnly,
        })) {
          if (event.type === 'done') answeredByModel = event.mentor === 'model';
          stream.send(event);
        }
      } catch (error) {
        request.log.error({ err: error }, 'the mentor failed');
        stream.send({ type: 'error', code: 'unexpected_failure' } satisfies MentorEvent);
      }
      // The library answered instead (a crisis, the model failing): the reply is given back.
      if (!answeredByModel) await reservation?.release();
      stream.end();
    },
  );
}
