/**
 * Go's `time.ParseDuration`, which GoTrue applies to `ban_duration` ("24h", "1h30m", "90s",
 * "-1h"…), with Go's own error messages, so a bad value is refused with the very text GoTrue
 * sends. Nanoseconds are counted in BigInt, so Go's overflow limit (2^63 ns, ~292 years) is
 * the same here.
 */

const NANOSECONDS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 micro sign
  μs: 1_000n, // U+03BC Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const LIMIT = 1n << 63n;
const DIGITS = /^[0-9]*/;

export class DurationError extends Error {}

const quote = (value: string) => JSON.stringify(value);
const invalid = (original: string) =>
  new DurationError(`time: invalid duration ${quote(original)}`);

/** The duration in milliseconds (negative for a duration in the past). Throws DurationError. */
export function parseGoDuration(original: string): number {
  let rest = original;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest.startsWith('-');
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid(original);
  let total = 0n;
  while (rest !== '') {
    if (!/^[0-9.]/.test(rest)) throw invalid(original);
    const whole = DIGITS.exec(rest)?.[0] ?? '';
    rest = rest.slice(whole.length);
    let fraction = '';
    const hasPoint = rest.startsWith('.');
    if (hasPoint) {
      fraction = DIGITS.exec(rest.slice(1))?.[0] ?? '';
      rest = rest.slice(1 + fraction.length);
    }
    if (whole === '' && fraction === '') throw invalid(original);
    const unitLength = rest.search(/[0-9.]/);
    const unit = unitLength === -1 ? rest : rest.slice(0, unitLength);
    if (unit === '') throw new DurationError(`time: missing unit in duration ${quote(original)}`);
    rest = rest.slice(unit.length);
    const scale = NANOSECONDS[unit];
    if (scale === undefined) {
      throw new DurationError(`time: unknown unit ${quote(unit)} in duration ${quote(original)}`);
    }
    let value = BigInt(whole || '0') * scale;
    if (fraction !== '') value += (BigInt(fraction) * scale) / 10n ** BigInt(fraction.length);
    total += value;
    if (total > LIMIT) throw invalid(original);
  }
  if (!negative && total > LIMIT - 1n) throw invalid(original);
  const milliseconds = Number(total / 1_000_000n);
  return negative ? -milliseconds : milliseconds;
}
