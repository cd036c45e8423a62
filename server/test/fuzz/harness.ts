import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { isErrorCode } from '@partak/domain/error-codes';
import type { Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema/index.ts';
import type { TestApp } from '../helpers.ts';
import { contentType, headerValue, nastyJson, pathId, queryPart, rawBody } from './arbitraries.ts';

/** One endpoint to fuzz: where it is, and the fields it reads (with plausible values). */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the API's prefix; `:id` is filled in by the fuzzer. */
  path: string;
  /** The query the endpoint needs to do anything (`grant_type=password`), sometimes left out. */
  query?: string;
  /**
   * Body fields it reads, each with values it would take (`undefined` leaves the field out), so
   * that a body of these alone is usually a request that succeeds.
   */
  fields?: Record<string, fc.Arbitrary<unknown>>;
  /** Values for `:id` besides random ones (a real factor's id). */
  ids?: () => string[];
}

/**
 * A request body: mostly one the endpoint would take (its fields' plausible values) with up to two
 * fields taken out or made hostile, so that the hostile part reaches the code behind the first
 * checks; otherwise any JSON at all, raw text and bytes, or nothing.
 */
function bodyFor(endpoint: Endpoint): fc.Arbitrary<string | Buffer | undefined> {
  const fields = endpoint.fields ?? {};
  const keys = Object.keys(fields);
  const mutation = fc.tuple(
    fc.constantFrom(...keys, '__proto__', 'constructor'),
    fc.option(nastyJson, { nil: undefined }),
  );
  const shaped = fc
    .tuple(fc.record(fields), fc.array(mutation, { maxLength: 2 }))
    .map(([plausible, mutations]) => {
      const body = new Map(Object.entries(plausible));
      for (const [key, value] of mutations) {
        if (value === undefined) body.delete(key);
        else body.set(key, value);
      }
      // Written out by hand, so that `__proto__` is sent as a key like any other.
      const members = [...body]
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
      return `{${members.join(',')}}`;
    });
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: 2, arbitrary: nastyJson.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export interface FuzzRequest {
  id: string;
  query: string[];
  keepQuery: boolean;
  body: string | Buffer | undefined;
  contentType: string | undefined;
  apikey: 'valid' | 'none' | string;
  authorization: 'valid' | 'none' | string;
  apiVersion: boolean;
}

/** `valid` or `none` mostly, a hostile value sometimes. */
const credential = fc.oneof(
  { weight: 12, arbitrary: fc.constant('valid') },
  { weight: 1, arbitrary: fc.constant('none') },
  { weight: 2, arbitrary: headerValue },
);

export function requestFor(endpoint: Endpoint, ids: string[] = []): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    id: ids.length > 0 ? fc.oneof(pathId, fc.constantFrom(...ids)) : pathId,
    query: fc.array(queryPart, { maxLength: 3 }),
    keepQuery: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    body: endpoint.method === 'GET' ? fc.constant(undefined) : bodyFor(endpoint),
    contentType,
    apikey: credential,
    authorization: credential,
    apiVersion: fc.boolean(),
  });
}

/** What the fuzzer needs from the app: the public key and a signed-in user's access token. */
export interface Credentials {
  apikey: string;
  token(): string;
}

export function urlOf(prefix: string, endpoint: Endpoint, request: FuzzRequest): string {
  const path = endpoint.path.replace(':id', request.id);
  const query = [
    ...(endpoint.query && request.keepQuery ? [endpoint.query] : []),
    ...request.query,
  ];
  return `${prefix}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

export function send(
  t: TestApp,
  url: string,
  endpoint: Endpoint,
  request: FuzzRequest,
  credentials: Credentials,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const pick = (value: string, valid: string) => (value === 'valid' ? valid : value);
  if (request.apikey !== 'none') headers.apikey = pick(request.apikey, credentials.apikey);
  if (request.authorization !== 'none') {
    headers.authorization = pick(request.authorization, `Bearer ${credentials.token()}`);
  }
  if (request.contentType !== undefined && request.body !== undefined) {
    headers['content-type'] = request.contentType;
  }
  if (request.apiVersion) headers['x-supabase-api-version'] = '2024-01-01';
  return t.app.inject({
    method: endpoint.method,
    url,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** What must never reach a client: traces, paths, SQL and the names of internal errors. */
const LEAKS = [
  '    at ',
  'node_modules',
  '.ts:',
  '.js:',
  '/server/src',
  'file://',
  'SELECT ',
  'select "',
  'insert into',
  'Failed query',
  'relation "',
  'syntax error',
  'violates',
  'duplicate key',
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'DrizzleQueryError',
  'Maximum call stack',
  'Cannot read prop',
  'undefined is not',
  'is not a function',
];

/** Keys an error body may have (ADR 008, GoTrue's shapes, the gateway's apikey refusal). */
const ERROR_KEYS = new Set([
  'code',
  'error_code',
  'message',
  'msg',
  'issues',
  'current',
  'weak_password',
  'request_id',
  'error',
  'error_description',
  'hint',
]);

/**
 * The answer to a hostile request: never a 5xx, nothing internal in the body or the redirect
 * (unless the request itself carried that text, which some answers quote back), and every error
 * in the API's documented shape with a stable code.
 */
export function expectSafeAnswer(
  prefix: '/auth/v1' | '/api/v1',
  url: string,
  request: FuzzRequest,
  res: LightMyRequestResponse,
): void {
  const what = `${res.statusCode} ${url.slice(0, 200)}\n${res.body.slice(0, 500)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  const sent = `${url} ${request.body?.toString() ?? ''} ${request.authorization} ${request.apikey}`;
  const shown = `${res.body} ${String(res.headers.location ?? '')}`;
  for (const leak of LEAKS) {
    if (!sent.includes(leak)) expect(shown, what).not.toContain(leak);
  }
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(
    Object.keys(body).filter((key) => !ERROR_KEYS.has(key)),
    what,
  ).toEqual([]);
  if (prefix === '/api/v1') {
    expect(body, what).toMatchObject({ code: res.statusCode, message: expect.any(String) });
    expect(isErrorCode(body.error_code), what).toBe(true);
    return;
  }
  // GoTrue's shapes: `error_code` in both error shapes; the OAuth shape of a missing refresh
  // token; the gateway's refusal of a missing or wrong apikey.
  const oauthShape = typeof body.error === 'string' && typeof body.error_description === 'string';
  const gateway =
    res.statusCode === 401 &&
    ['No API key found in request', 'Invalid API key'].includes(String(body.message));
  if (oauthShape || gateway) return;
  expect(isErrorCode(body.error_code), what).toBe(true);
  expect(typeof (body.message ?? body.msg), what).toBe('string');
}

/** Every table but the rate-limit counters, which count refused requests on purpose. */
const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => name !== 'rate_limit_counters');

/** The whole content of the database (but the counters), as comparable text. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (name) =>
      `(select coalesce(json_agg(row_to_json(r)::text order by row_to_json(r)::text), '[]')::text from "${name}" r) as "${name}"`,
  );
  const result = await db.execute(sql.raw(`select ${columns.join(', ')}`));
  const [row] = (result as unknown as { rows: Record<string, string>[] }).rows;
  return row ?? {};
}

export interface FuzzOptions {
  prefix: '/auth/v1' | '/api/v1';
  numRuns: number;
  seed?: number;
  /** Called after each answer, e.g. to sign in again after a fuzzed logout succeeded. */
  after?: (res: LightMyRequestResponse) => Promise<void>;
}

/**
 * Fuzzes one endpoint: each request must get a safe answer, and one refused (4xx) must leave the
 * database as it was.
 */
export async function fuzzEndpoint(
  t: TestApp,
  endpoint: Endpoint,
  credentials: Credentials,
  options: FuzzOptions,
): Promise<{ statuses: Map<number, number>; pastTheGate: number }> {
  const statuses = new Map<number, number>();
  let pastTheGate = 0;
  let before = await snapshot(t.database.db);
  await fc.assert(
    fc.asyncProperty(requestFor(endpoint, endpoint.ids?.()), async (request) => {
      const url = urlOf(options.prefix, endpoint, request);
      const res = await send(t, url, endpoint, request, credentials);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (![401, 403].includes(res.statusCode)) pastTheGate += 1;
      const after = await snapshot(t.database.db);
      const unchanged = before;
      before = after;
      await options.after?.(res);
      expectSafeAnswer(options.prefix, url, request, res);
      if (res.statusCode >= 400) {
        const changed = Object.keys(after).filter((table) => after[table] !== unchanged[table]);
        expect(changed, `a refused ${endpoint.method} ${url} changed these tables`).toEqual([]);
      }
      if (options.after) before = await snapshot(t.database.db);
    }),
    { numRuns: options.numRuns, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  if (process.env.FUZZ_VERBOSE) console.info(endpoint.method, endpoint.path, statuses);
  return { statuses, pastTheGate };
}
