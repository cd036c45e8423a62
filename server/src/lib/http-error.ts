import type { FastifyError } from 'fastify';
import type { ServerErrorCode } from '@partak/domain/error-codes';

export interface HttpErrorOptions {
  /** Extra fields of the wire body (GoTrue's `weak_password.reasons`, validation `issues`). */
  extra?: Record<string, unknown>;
  /** Response headers that belong to the failure (`retry-after`). */
  headers?: Record<string, string>;
  /** What really went wrong: logged, never sent. */
  cause?: unknown;
}

/**
 * A failure with an HTTP status, a stable code from `@partak/domain/error-codes` and a message
 * safe to send. The one error handler (error-handler.ts) renders it in the shape the route speaks;
 * anything private belongs in `cause`, which only the log sees.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errorCode: ServerErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errorCode: ServerErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.errorCode = errorCode;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/**
 * Connection-level failures of the database: the server is fine, its database is not. Drizzle
 * wraps a driver's error in its own (`cause`), so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth < 5 && error instanceof Error && error.cause !== undefined) {
    if (isDatabaseUnavailable(error.cause, depth + 1)) return true;
  }
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

/** Fastify's own refusals of a request, by its error code. */
const FASTIFY_REFUSALS: Record<string, [number, ServerErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_json', 'Could not parse request body as JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_json', 'Could not parse request body as JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request_too_large', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported content type'],
};

/**
 * Anything a route, a hook or Fastify itself threw, as an HttpError: ours pass through, a database
 * outage is a 503 the client may retry, request-level refusals keep their 4xx, and every other
 * failure is a 500 whose real cause stays in the log.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, 'database_unavailable', 'Service temporarily unavailable', {
      headers: { 'retry-after': '5' },
      cause: error,
    });
  }
  const fastify = error as Partial<FastifyError> | null;
  const refusal = FASTIFY_REFUSALS[fastify?.code ?? ''];
  if (refusal) return new HttpError(refusal[0], refusal[1], refusal[2], { cause: error });
  const status = fastify?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const issues = fastify?.validation?.map((issue) => ({
      path: issue.instancePath,
      message: issue.message ?? 'invalid',
    }));
    return new HttpError(status, 'validation_failed', fastify?.message ?? 'Invalid request', {
      extra: issues ? { issues } : {},
      cause: error,
    });
  }
  return new HttpError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
    { cause: error },
  );
}
