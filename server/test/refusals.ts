import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A bad input and GoTrue's answer to it: the status, `code` and (when given) the message. */
export type RefusalCase = [payload: unknown, status: number, code: string, message?: string];

export interface RefusalOptions {
  /** The body must be exactly `{code, error_code, message}`, nothing more (message required). */
  exact?: boolean;
}

/** Checks one answer against its case; the payload labels any failure. */
export function expectRefusal(
  res: LightMyRequestResponse,
  [payload, status, code, message]: RefusalCase,
  { exact = false }: RefusalOptions = {},
): void {
  const label = JSON.stringify(payload);
  expect(res.statusCode, label).toBe(status);
  if (exact) {
    expect(res.json(), label).toEqual({ code, error_code: code, message });
  } else {
    expect(res.json(), label).toMatchObject({
      code,
      ...(message === undefined ? {} : { message }),
    });
  }
}

/**
 * Sends each case's payload in turn and checks the answer (`expectRefusal`): for a table of bad
 * inputs checked within one test. A table run as one test per case uses `expectRefusal` in an
 * `it.each` instead.
 */
export async function expectRefusals(
  send: (payload: unknown) => Promise<LightMyRequestResponse>,
  cases: readonly RefusalCase[],
  options: RefusalOptions = {},
): Promise<void> {
  for (const refusal of cases) expectRefusal(await send(refusal[0]), refusal, options);
}
