import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { AuthError } from './auth-error.ts';

/** A field of the wrong JSON type, as Go's decoder describes it (`field` is '' for the body). */
export interface WrongType {
  /** GoTrue's parameter struct, e.g. `SignupParams`. */
  struct: string;
  field: string;
  /** The JSON type that was sent: `string`, `number`, `bool`, `array` or `object`. */
  sent: string;
  /** The Go type the field has: `string`, `bool`, `map[string]interface {}`, … */
  goType: string;
}

interface InputOptions {
  /** The answer to input of the wrong shape; GoTrue's own 400 `bad_json` by default. */
  refuse?: (wrong: WrongType) => Error;
  /** No body at all is refused too, as GoTrue's decoder refuses one (most routes take none). */
  bodyRequired?: boolean;
}

/**
 * What a route reads from its body or query: the fields of GoTrue's parameter struct as a zod
 * schema, and the struct's name, which GoTrue's errors name.
 */
export interface RequestInput<S extends z.ZodMiniType> extends InputOptions {
  struct: string;
  schema: S;
}

export function requestInput<S extends z.ZodMiniType>(
  struct: string,
  schema: S,
  options: InputOptions = {},
): RequestInput<S> {
  return { struct, schema, ...options };
}

/** GoTrue's answer to a body its decoder cannot read into the struct. */
export function goTrueBadJson({ struct, field, sent, goType }: WrongType): AuthError {
  const detail = field
    ? `cannot unmarshal ${sent} into Go struct field ${struct}.${field} of type ${goType}`
    : `cannot unmarshal ${sent} into Go value of type api.${struct}`;
  return new AuthError(400, 'bad_json', `Could not parse request body as JSON: json: ${detail}`);
}

const GO_TYPES: Record<string, string> = {
  string: 'string',
  boolean: 'bool',
  number: 'float64',
  record: 'map[string]interface {}',
  object: 'map[string]interface {}',
  array: '[]interface {}',
};

export const jsonTypeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'boolean'
        ? 'bool'
        : typeof value;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads input the way GoTrue's decoder reads a JSON body into its parameter struct (helpers.go
 * `retrieveRequestParams`): no body or `null` is an empty one; anything but an object is refused;
 * `null` fields count as absent (Go leaves them at their zero value; `field.raw` keeps them);
 * unknown fields are ignored; a field of the wrong type is refused (400 `bad_json` naming the
 * field, unless the route's `refuse` says otherwise). Form-encoded bodies arrive here as objects
 * of strings, read alike.
 */
export function readInput<S extends z.ZodMiniType>(
  value: unknown,
  { struct, schema, refuse = goTrueBadJson, bodyRequired }: RequestInput<S>,
): z.output<S> {
  if (value === undefined && bodyRequired) {
    throw new AuthError(
      400,
      'bad_json',
      'Could not parse request body as JSON: unexpected end of JSON input',
    );
  }
  const input = value ?? {};
  if (!isObject(input)) throw refuse({ struct, field: '', sent: jsonTypeOf(input), goType: '' });
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  const present = Object.fromEntries(
    Object.entries(input).filter(([name, given]) => given !== null || shape[name] === field.raw),
  );
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [name = '', ...inner] = issue?.path ?? [];
  const sent = inner.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at ? (at as Record<PropertyKey, unknown>)[key] : at),
    present[String(name)],
  );
  const expected = issue && 'expected' in issue ? String(issue.expected) : 'string';
  throw refuse({
    struct,
    field: String(name),
    sent: jsonTypeOf(sent),
    goType: GO_TYPES[expected] ?? expected,
  });
}

/** The request's body, read by `readInput`. */
export function readBody<S extends z.ZodMiniType>(
  request: FastifyRequest,
  spec: RequestInput<S>,
): z.output<S> {
  return readInput(request.body, spec);
}

/**
 * The request's query, read as GoTrue reads one (`r.URL.Query().Get`): each parameter a string,
 * the first of a repeated one; the schema then reads those strings like a body's fields.
 */
export function readQuery<S extends z.ZodMiniType>(
  request: FastifyRequest,
  spec: RequestInput<S>,
): z.output<S> {
  const query = isObject(request.query) ? request.query : {};
  const first = Object.entries(query).flatMap(([name, value]) => {
    const text = Array.isArray(value) ? value[0] : value;
    return typeof text === 'string' ? [[name, text]] : [];
  });
  return readInput(Object.fromEntries(first), spec);
}

/** GoTrue's field types, each optional (absent or `null`: Go's zero value). */
export const field = {
  string: z.optional(z.string()),
  bool: z.optional(z.boolean()),
  map: z.optional(z.record(z.string(), z.unknown())),
  strings: z.optional(z.array(z.string())),
  /** Read by the route itself (a nested struct, or a field GoTrue checks by hand). */
  any: z.optional(z.unknown()),
  /** Kept as sent, `null` included (Go's json.RawMessage): read by the route itself. */
  raw: z.optional(z.unknown()),
};
