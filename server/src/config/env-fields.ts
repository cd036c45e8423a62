import { z } from 'zod/mini';
import '../lib/zod-english.ts';

/** An http(s) URL; anything else is refused at start. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * A whole number within [min, max], read from its environment variable, or `fallback` when unset.
 * Every way of being wrong gets the same message, naming the range (and the unit, if any).
 */
export function wholeNumber(min: number, max: number, fallback: number, unit?: string) {
  const message = `must be a whole number${unit ? ` of ${unit}` : ''} between ${min} and ${max}`;
  return z._default(
    z.coerce
      .number({ error: message })
      .check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
    fallback,
  );
}

/** On or off: `true` or `false` (any case), or `fallback` when unset. */
export function onOff(fallback: boolean) {
  return z._default(
    z.pipe(
      z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False'], {
        error: 'must be true or false',
      }),
      z.transform((value) => value.toLowerCase() === 'true'),
    ),
    fallback,
  );
}

/** TRUST_PROXY as Fastify takes it: yes or no, or the proxies' addresses. */
export function trustProxyOf(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}

/**
 * AUTH_SMS_TEST_OTP as a map from the number (E.164 digits, as phone numbers are stored: no plus,
 * no spaces) to its code.
 */
export function testOtpsOf(value: string | undefined): Record<string, string> {
  const pairs = (value ?? '').split(',').filter((pair) => pair.trim());
  return Object.fromEntries(
    pairs.map((pair) => {
      const [phone = '', code = ''] = pair.split('=');
      return [phone.replace(/[+\s]/g, ''), code.trim()];
    }),
  );
}
