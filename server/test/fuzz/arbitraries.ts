import fc from 'fast-check';

/**
 * Hostile input for the endpoint fuzzers (hardening): what an attacker, a broken
 * client or a confused proxy sends. Everything here is data; nothing depends on a route.
 */

/** Strings tried first: injections, markup, prototype names, odd Unicode, odd numbers. */
export const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  'SELECT * FROM users',
  '1); select pg_sleep(5); --',
  '$1',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '\uFEFF',
  '\u202Eevil',
  'Příliš žluťoučký kůň úpěl ďábelské ódy',
  '🙂👩‍👩‍👧',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '2026-02-30T25:61:00Z',
  'ema@example.cz',
  'EMA@Example.CZ ',
  'a@b',
  '@',
  '00000000-0000-0000-0000-000000000000',
  'pkce_x',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
];

/** Keys that poison prototypes or confuse a naive merge. */
export const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', '\u0000'];

const longString = fc
  .tuple(fc.constantFrom('x', 'ř', '\u0000', '🙂', "'"), fc.integer({ min: 100, max: 20_000 }))
  .map(([unit, times]) => unit.repeat(times));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: longString },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const nastyKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_KEYS) },
  { weight: 1, arbitrary: nastyString },
);

/** Any JSON value of the wrong kind: scalars, arrays and objects with hostile keys. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `{"a":` nested `depth` times: JSON text no one should need, built without recursion. */
export const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Bodies that are not JSON, or JSON nobody should send: text, bytes and extreme shapes. */
export const rawBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"email": "a@b.cz",',
    '[]',
    'null',
    '"text"',
    '1e400',
    '{"a":1,"a":2}',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    '{"role":"service_role","app_metadata":{"admin":true}}',
    'email=a%40b.cz&password=x',
    '\uFEFF{}',
  ),
  fc.integer({ min: 40, max: 20_000 }).map(deepArrayText),
  fc.integer({ min: 40, max: 10_000 }).map(deepObjectText),
  fc.constantFrom(70_000, 600_000).map((n) => JSON.stringify({ x: 'x'.repeat(n) })),
  // Not UTF-8: stray continuation bytes, overlong encodings, surrogates encoded, inside JSON.
  fc
    .uint8Array({ minLength: 1, maxLength: 24 })
    .map((bytes) =>
      Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from(bytes.map((b) => b | 0x80)),
        Buffer.from('","password":"\xc0\xaf\xed\xa0\x80"}', 'latin1'),
      ]),
    ),
);

/** Header values a real HTTP client can send (visible ASCII and obs-text), chosen to hurt. */
export const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer null',
    'bearer x',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoic2VydmljZV9yb2xlIn0.',
    'Bearer eyJhbGciOiJIUzI1NiIsImtpZCI6Ii4uLy4uL2V0Yy9wYXNzd2QifQ.e30.x',
    `Bearer ${'A'.repeat(8000)}`,
    'sb_publishable_x',
    "' OR 1=1 --",
  ),
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
    maxLength: 60,
  }),
);

/** Content types, right (mostly, so that bodies reach the routes) and wrong. */
export const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
    ),
  },
);

/**
 * Percent-encodes the UTF-8 bytes of `text`; unlike encodeURIComponent it takes lone surrogates
 * too (as the replacement character, the way a browser would send them).
 */
export const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Query-string pieces: encoded hostile pairs, and raw bits a parser might choke on. */
export const queryPart = fc.oneof(
  fc
    .tuple(nastyKey, nastyString)
    .map(([key, value]) => `${percentEncoded(key)}=${percentEncoded(value)}`),
  fc.constantFrom(
    '%FF',
    '%00=%00',
    '%',
    '%zz',
    'a[]=1&a[]=2',
    'a[b][c]=1',
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    '&&&',
    '=',
    'apikey=',
    `x=${'y'.repeat(5000)}`,
  ),
);

/** A path segment for `:id`: real-looking ids, and hostile ones. */
export const pathId = fc.oneof(
  fc.uuid(),
  fc.constantFrom('not-a-uuid', '..', '%2e%2e%2f', '%00', '%FF', 'x'.repeat(3000), '1 OR 1=1'),
  nastyString.map(percentEncoded),
);
