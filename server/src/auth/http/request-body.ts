import type { z } from 'zod';
import { AuthError } from './auth-error.ts';

/**
 * A JSON body read the way GoTrue reads one into its parameter struct: no body or `null` is an
 * empty one, `null` fields count as absent (Go leaves them at their zero value), unknown fields
 * are ignored, and a body that is not an object or has a field of the wrong type is refused with
 * 400 `bad_json`.
 */
export function readBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const input = body ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: not an object');
  }
  const present = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${field} has the wrong type`,
    );
  }
  return parsed.data;
}
