import { AuthError } from '../http/auth-error.ts';
import { requireEmailFormat } from '../policies/credential-rules.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { normalizeEmail } from '../users/users-repository.ts';

/** The JSON types a body field may have, named as Go's decoder names them in its errors. */
type FieldType = 'string' | 'bool' | 'map';

const GO_TYPES: Record<FieldType, string> = {
  string: 'string',
  bool: 'bool',
  map: 'map[string]interface {}',
};

const jsonTypeOf = (value: unknown) =>
  Array.isArray(value)
    ? 'array'
    : typeof value === 'boolean'
      ? 'bool'
      : typeof value === 'object'
        ? 'object'
        : typeof value;

const fits = (value: unknown, type: FieldType) =>
  type === 'map'
    ? typeof value === 'object' && !Array.isArray(value)
    : typeof value === (type === 'bool' ? 'boolean' : 'string');

const badJson = (detail: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: json: ${detail}`);

/**
 * A request body read as GoTrue's decoder reads it into `struct`: unknown keys ignored, `null`
 * leaving a field unset, a value of the wrong JSON type a 400 `bad_json` naming the field.
 */
export function readBody<F extends Record<string, FieldType>>(
  struct: string,
  body: unknown,
  fields: F,
): {
  [K in keyof F]?: F[K] extends 'bool'
    ? boolean
    : F[K] extends 'map'
      ? Record<string, unknown>
      : string;
} {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badJson(`cannot unmarshal ${jsonTypeOf(body)} into Go value of type api.${struct}`);
  }
  const read: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    if (!fits(value, type)) {
      throw badJson(
        `cannot unmarshal ${jsonTypeOf(value)} into Go struct field ${struct}.${name} of type ${GO_TYPES[type]}`,
      );
    }
    read[name] = value;
  }
  return read as ReturnType<typeof readBody<F>>;
}

/** GoTrue's `validateEmail`: present, at most 255 characters, well formed; lower-cased. */
export function validEmail(email: string | undefined): string {
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255)
    throw new AuthError(400, 'validation_failed', 'An email address is too long');
  requireEmailFormat(email);
  return normalizeEmail(email);
}

/** GoTrue's `validatePhone`: E.164 digits, stored without the plus (as GoTrue stores them). */
export function validPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return digits;
}

/** A user id from the path: anything but a UUID is GoTrue's 404 before any lookup. */
export function userIdParam(value: unknown): string {
  if (!isUuid(value)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  return value.toLowerCase();
}

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
