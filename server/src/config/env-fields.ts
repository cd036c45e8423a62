import { z } from 'zod';

/** An http(s) URL; anything else is refused at start. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * A whole number within [min, max], read from its environment variable, or `fallback` when unset.
 * Every way of being wrong gets the same message, naming the range (and the unit, if any).
 */
export function wholeNumber(min: number, max: number, fallback: number, unit?: string) {
  const message = `must be a whole number${unit ? ` of ${unit}` : ''} between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
}

/** On or off: `true` or `false` (any case), or `fallback` when unset. */
export function onOff(fallback: boolean) {
  return z
    .enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False'], { error: 'must be true or false' })
    .transform((value) => value.toLowerCase() === 'true')
    .default(fallback);
}
