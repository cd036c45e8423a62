import type { FastifyRequest } from 'fastify';
import type { ServerErrorCode } from '@partak/domain/error-codes';
import type { ErrorRenderer } from '../../lib/error-handler.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * An auth API failure: an HttpError whose code is Supabase's own where one exists (see
 * docs/auth-compatibility.md#errors), and whose `extra` fields go into the body as GoTrue sends
 * them (`weak_password.reasons`).
 */
export class AuthError extends HttpError {
  constructor(
    status: number,
    errorCode: ServerErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(status, errorCode, message, { extra });
    this.name = 'AuthError';
  }
}

/** GoTrue's refusal of any new account while AUTH_DISABLE_SIGNUP is on (`signup.go`). */
export const signupDisabled = () =>
  new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');

/**
 * GoTrue's OAuth-shaped refusal, `{error, error_description}` with HTTP 400 and no code, whatever
 * the API version asked for: the shape of a few /token failures — an empty refresh token, and
 * every refused ID token (docs/auth-compatibility.md#errors). supabase-js shows the description
 * as the message.
 */
export class OAuthError extends AuthError {
  readonly oauthError: string;

  constructor(error: string, description: string) {
    super(400, 'validation_failed', description);
    this.name = 'OAuthError';
    this.oauthError = error;
  }
}

const API_VERSION = '2024-01-01';

/** True when the client asked for the 2024-01-01 error shape (supabase-js always does). */
export function wantsCurrentShape(request: FastifyRequest): boolean {
  const header = request.headers['x-supabase-api-version'];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && /^2\d{3}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION;
}

/**
 * Writes an error in the shape the caller understands (docs/auth-compatibility.md#errors):
 * `{code, message}` with the API-version header echoed for current clients,
 * `{code: status, error_code, msg}` for older ones. `error_code` is sent in both, so the code
 * survives a proxy that hides the header.
 */
export const renderAuthError: ErrorRenderer = (request, reply, error) => {
  if (error instanceof OAuthError) {
    return reply.code(400).send({ error: error.oauthError, error_description: error.message });
  }
  reply.code(error.status).headers(error.headers).header('x-sb-error-code', error.errorCode);
  if (wantsCurrentShape(request)) {
    reply.header('x-supabase-api-version', API_VERSION);
    return reply.send({
      code: error.errorCode,
      error_code: error.errorCode,
      message: error.message,
      ...error.extra,
    });
  }
  return reply.send({
    code: error.status,
    error_code: error.errorCode,
    msg: error.message,
    ...error.extra,
  });
};
