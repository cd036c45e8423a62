import type { FastifyError, FastifyInstance } from 'fastify';

/** Connection-level failures of the database: the server is fine, its database is not. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code))
      return true;
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now).
    if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    message,
  );
}

/** Fastify's own request errors, as stable codes for clients. */
const CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
};

/**
 * One error renderer for the whole server, in the wire shape the auth API uses
 * (`{ code, error_code, message }`). Client mistakes keep their 4xx; a database outage is a 503
 * with a stable code; anything else is a 500 whose details go to the log, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        code: 503,
        error_code: 'database_unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const errorCode =
        CLIENT_ERROR_CODES[error.code] ?? (error.validation ? 'validation_failed' : 'bad_request');
      return reply
        .code(status)
        .send({ code: status, error_code: errorCode, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({
      code: 500,
      error_code: 'unexpected_failure',
      message: `Something went wrong on our side (request ${request.id}).`,
    });
  });
}
