import type { FastifyBaseLogger } from 'fastify';
import type { ChatRequest } from '@partak/domain/api/chat';
import type { MentorEvent } from '@partak/domain/mentor-events';

/**
 * A mentor on the server: given the conversation so far (ending with the user's message), a reply
 * as a stream of events (text pieces, sources, a suggested goal, then `done`, or an `error`).
 * Aborting the signal — the client went away — ends the work.
 */
export interface Mentor {
  reply(
    request: ChatRequest,
    signal: AbortSignal,
    options?: ReplyOptions,
  ): AsyncIterable<MentorEvent>;
}

export interface ReplyOptions {
  /** The library mentor answers even where a model would (signed out, or the user chose it). */
  libraryOnly?: boolean;
}

/** Where a mentor reports what went wrong (never the user's words). */
export type MentorLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;
