import type { CalcResult, Problem } from './types.ts';

/** The largest amount a calculator takes: a billion crowns (far beyond any small business). */
export const AMOUNT_MAX = 1_000_000_000;

/** Collects what is wrong with an input, field by field. */
export class Checks {
  readonly problems: Problem[] = [];

  /** A whole or decimal amount ≥ 0 and ≤ max; `optional` lets undefined through. */
  amount(field: string, value: unknown, { max = AMOUNT_MAX, optional = false } = {}): void {
    if (value === undefined || value === null) {
      if (!optional) this.problems.push({ field, code: 'required' });
      return;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.problems.push({ field, code: 'not_a_number' });
    } else if (value < 0) {
      this.problems.push({ field, code: 'negative' });
    } else if (value > max) {
      this.problems.push({ field, code: 'too_large' });
    }
  }

  /** A number within [min, max]. */
  range(field: string, value: unknown, min: number, max: number, optional = false): void {
    if (value === undefined && optional) return;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.problems.push({ field, code: value === undefined ? 'required' : 'not_a_number' });
    } else if (value < min || value > max) {
      this.problems.push({ field, code: 'out_of_range' });
    }
  }

  /** A value that must be one of `allowed`. */
  oneOf(field: string, value: unknown, allowed: readonly unknown[], optional = false): void {
    if (value === undefined && optional) return;
    if (!allowed.includes(value)) {
      this.problems.push({ field, code: value === undefined ? 'required' : 'out_of_range' });
    }
  }

  /** A calendar year: a whole number in a sane range (which years have figures is asked later). */
  year(field: string, value: unknown): void {
    if (value === undefined || value === null) this.problems.push({ field, code: 'required' });
    else if (typeof value !== 'number' || !Number.isFinite(value))
      this.problems.push({ field, code: 'not_a_number' });
    else if (!Number.isInteger(value) || value < 1900 || value > 2200)
      this.problems.push({ field, code: 'out_of_range' });
  }

  get ok(): boolean {
    return this.problems.length === 0;
  }
}

export function refused<T>(checks: Checks): CalcResult<T> {
  return { ok: false, problems: checks.problems };
}

export function unsupportedYear<T>(year: number): CalcResult<T> {
  return { ok: false, problems: [], yearUnsupported: year };
}

/** No input object at all (a tool call without arguments): refused, never thrown on. */
export function notAnObject(input: unknown): input is undefined {
  return input === null || typeof input !== 'object';
}

export const NO_INPUT = {
  ok: false as const,
  problems: [{ field: 'input', code: 'required' as const }],
};
