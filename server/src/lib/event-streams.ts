import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One open server-sent-events response. */
export interface EventStream {
  /**
   * Aborted when the stream ends for any reason: the client went away (`'disconnected'`), the
   * server is shutting down (`'shutdown'`) or the route ended it (`'ended'`). Work behind the
   * stream (a request to a model) listens to it, so nobody computes for a closed connection.
   */
  readonly signal: AbortSignal;
  /** Writes one event as a `data:` line of JSON; nothing once the stream has ended. */
  send(event: object): void;
  end(): void;
}

export interface EventStreamOptions {
  /** The last event a client gets when the server shuts down in the middle of the stream. */
  shutdownEvent?: object;
}

export interface EventStreams {
  start(request: FastifyRequest, reply: FastifyReply, options?: EventStreamOptions): EventStream;
  /** How many are open now. */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStreams: EventStreams;
  }
}

/**
 * Keeps track of every open event stream, and ends them all when the server closes. Fastify's
 * close waits for responses in progress, and a stream never finishes by itself: without this, a
 * graceful stop (SIGTERM) with one chat open would hang until the orchestrator killed us.
 */
export function registerEventStreams(app: FastifyInstance): void {
  const open = new Set<{ stream: EventStream; shutdown: () => void }>();

  function start(
    request: FastifyRequest,
    reply: FastifyReply,
    options: EventStreamOptions = {},
  ): EventStream {
    const controller = new AbortController();
    const raw = reply.raw;
    reply.hijack();
    // Hijacked replies skip Fastify's header handling: the security headers set on the reply
    // (lib/security-headers.ts) are copied over, and nothing may compress or buffer the stream.
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      // Each stream has its connection to itself, closed cleanly after the last event: a
      // keep-alive connection would count as idle at shutdown and be destroyed before that event
      // reached the client.
      connection: 'close',
    });
    raw.flushHeaders();

    const finish = (reason: string) => {
      if (controller.signal.aborted) return;
      controller.abort(reason);
      open.delete(entry);
      if (!raw.writableEnded) raw.end();
    };
    const stream: EventStream = {
      signal: controller.signal,
      send(event) {
        if (controller.signal.aborted || raw.writableEnded) return;
        raw.write(`data: ${JSON.stringify(event)}\n\n`);
      },
      end: () => finish('ended'),
    };
    const entry = {
      stream,
      shutdown() {
        if (options.shutdownEvent) stream.send(options.shutdownEvent);
        finish('shutdown');
      },
    };
    open.add(entry);
    // `close` on the response fires when the connection goes, whoever ended it; a client that
    // left before the stream began (while its request was checked) will not fire it again.
    raw.on('close', () => finish('disconnected'));
    if (request.raw.socket?.destroyed === true) finish('disconnected');
    request.log.debug('event stream opened');
    return stream;
  }

  app.decorate('eventStreams', {
    start,
    get size() {
      return open.size;
    },
  });
  app.addHook('preClose', async () => {
    for (const entry of [...open]) entry.shutdown();
  });
}
