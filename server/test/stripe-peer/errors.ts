/** Stripe's error body (`{ error: { … } }`) with the HTTP status it is sent with. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

export class PeerApiError extends Error {
  status: number;
  body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** `No such customer: 'cus_x'` (404 for the path's id, 400 for an id given as a parameter). */
export function noSuch(kind: string, id: string, param = 'id', status = 404) {
  return new PeerApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function missingParam(param: string) {
  return new PeerApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function invalidParam(param: string, message: string) {
  return new PeerApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message,
    param,
  });
}

export function unknownParam(param: string) {
  return new PeerApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
    message: `Received unknown parameter: ${param}`,
    param,
  });
}

/** Rejects top-level parameters outside `known` (Stripe answers them with `parameter_unknown`). */
export function checkParams(form: object, known: readonly string[]) {
  const unknown = Object.keys(form).find((key) => !known.includes(key));
  if (unknown !== undefined) throw unknownParam(unknown);
}

/** Stripe's booleans on the wire: `true` / `false`. */
export function parseBoolean(param: string, value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(param, `Invalid boolean: ${value}`);
}
