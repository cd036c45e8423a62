import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** Deeper than any request of ours needs; far below what serializing or jsonb would choke on. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Why `value` (a parsed body, a query, path parameters) cannot be taken, or undefined when it can:
 * - a NUL character in a string or a key: PostgreSQL text and jsonb cannot hold one, so the
 *   database would throw (a 500) on a value that is merely odd;
 * - arrays and objects nested deeper than MAX_INPUT_DEPTH: JSON.stringify, which stores a value
 *   as jsonb, recurses and would overflow the stack (another 500).
 * Walked with an explicit stack, so the check itself cannot overflow on the input it guards.
 */
export function unacceptableInput(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'Text may not contain NUL characters';
    } else if (typeof current === 'object' && current !== null) {
      if (depth >= MAX_INPUT_DEPTH) return `Input may not be nested deeper than ${MAX_INPUT_DEPTH}`;
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return 'Text may not contain NUL characters';
        pending.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with a 400 in the API's own shape, a request whose body, query or path parameters
 * cannot be taken (see `unacceptableInput`), before any route reads them.
 */
export function guardInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      unacceptableInput(request.params) ??
      unacceptableInput(request.query) ??
      unacceptableInput(request.body);
    if (problem) throw new HttpError(400, 'validation_failed', problem);
  });
}
