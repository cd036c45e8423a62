import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@partak/domain/error-codes';
import { toHttpError, type HttpError } from './http-error.ts';

/** Writes an HttpError in the wire shape of one API. */
export type ErrorRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  error: HttpError,
) => FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How this route's failures look on the wire. Set for a whole plugin with `renderErrorsAs`;
     * routes without one answer the API shape (`renderApiError`).
     */
    renderError?: ErrorRenderer;
  }
}

/**
 * The shape of every error outside `/auth/v1` (docs/decisions/008-error-model.md):
 * `{ code, error_code, message }`, plus the bad fields of a failed validation and, on a 5xx, the
 * request id under which the cause was logged.
 */
export const renderApiError: ErrorRenderer = (request, reply, error) => {
  const body: ApiErrorBody = {
    code: error.status,
    error_code: error.errorCode,
    message: error.message,
    ...error.extra,
    ...(error.status >= 500 ? { request_id: request.id } : {}),
  };
  return reply.code(error.status).headers(error.headers).send(body);
};

/** Makes every route registered from here on (in this plugin and its children) render so. */
export function renderErrorsAs(app: FastifyInstance, render: ErrorRenderer): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, renderError: render };
  });
}

/**
 * The one error handler of the server: whatever was thrown becomes an HttpError (http-error.ts),
 * is logged by severity — a real fault with its cause, an outage as a warning, a client's mistake
 * not at all — and is written in the shape of the route that failed.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    const error = toHttpError(thrown);
    if (error.status === 503) request.log.warn({ err: error.cause ?? error }, error.message);
    else if (error.status >= 500)
      request.log.error({ err: error.cause ?? error }, 'unexpected failure');
    const render = request.routeOptions.config.renderError ?? renderApiError;
    return render(request, reply, error);
  });
}
