import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AuthError } from '../http/auth-error.ts';
import {
  userRecordColumns,
  userRecordFromJson,
  type UserRecord,
  type UserRecordJson,
} from '../users/users-repository.ts';

/** GoTrue's page size when `per_page` is absent, and pop's when it is below 1. */
const DEFAULT_PER_PAGE = 50n;
const MIN_PER_PAGE_FALLBACK = 20n;
const UINT64_MAX = (1n << 64n) - 1n;
/** No installation has more users than this: offsets beyond it are an empty page, not an error. */
const MAX_ROWS = 2n ** 31n;

export interface Page {
  page: bigint;
  perPage: bigint;
}

/** One query parameter as Go's strconv.ParseUint reads it, with its error text. */
function parseUint(value: unknown, fallback: bigint): bigint {
  if (value === undefined || value === '') return fallback;
  const text = String(value);
  const fail = (why: string) =>
    new AuthError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: ${why}`,
    );
  if (!/^[0-9]+$/.test(text)) throw fail('invalid syntax');
  const parsed = BigInt(text);
  if (parsed > UINT64_MAX) throw fail('value out of range');
  return parsed;
}

/** `page` and `per_page` as GoTrue (and pop under it) read them. */
export function pageOf(query: Record<string, unknown>): Page {
  const page = parseUint(query.page, 1n);
  const perPage = parseUint(query.per_page, DEFAULT_PER_PAGE);
  return { page: page < 1n ? 1n : page, perPage: perPage < 1n ? MIN_PER_PAGE_FALLBACK : perPage };
}

/** The rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/**
 * A page of users, newest first (GoTrue's default order; the id breaks ties so pages never
 * overlap), with identities and factors, in one statement; and how many users there are.
 * `filter` matches the email or `user_metadata.full_name`, as GoTrue's does.
 */
export async function listUsers(
  db: Db,
  { page, perPage }: Page,
  filter: string,
): Promise<{ records: UserRecord[]; total: bigint }> {
  const pattern = `%${filter}%`;
  const where = filter
    ? sql`where (u.email like ${pattern} or u.raw_user_meta_data->>'full_name' ilike ${pattern})`
    : sql``;
  const offset = (page - 1n) * perPage;
  const limit = perPage < MAX_ROWS ? perPage : MAX_ROWS;
  const counted = await rowsOf<{ total: string }>(
    db.execute(sql`select count(*)::text as total from users u ${where}`),
  );
  const total = BigInt(counted[0]?.total ?? '0');
  if (offset >= total) return { records: [], total };
  const rows = await rowsOf<UserRecordJson>(
    db.execute(
      sql`select ${sql.raw(userRecordColumns('u.id', 'to_json(u)'))} from users u ${where}
        order by u.created_at desc, u.id desc limit ${String(limit)} offset ${String(offset)}`,
    ),
  );
  const records = rows.map(userRecordFromJson).filter((r): r is UserRecord => r !== undefined);
  return { records, total };
}

/**
 * GoTrue's pagination headers: `X-Total-Count`, and `Link` with the next page (when there is one)
 * and the last, each the request's own URL with `page` replaced and the query keys sorted as Go
 * encodes them — supabase-js reads the page number from the first `=` of each link.
 */
export function paginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, perPage }: Page,
  total: bigint,
): void {
  const lastPage = total / perPage + (total % perPage > 0n ? 1n : 0n);
  const [path, search = ''] = request.url.split('?');
  const linkTo = (target: bigint) => {
    const query = new URLSearchParams(search);
    query.set('page', target.toString());
    query.sort();
    return `<${path}?${query.toString()}>`;
  };
  const links = [`${linkTo(lastPage)}; rel="last"`];
  if (lastPage > page) links.unshift(`${linkTo(page + 1n)}; rel="next"`);
  reply.header('link', links.join(', ')).header('x-total-count', total.toString());
}
