import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../src/config/env.ts';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limit-defaults.ts';
import { users } from '../src/db/schema/index.ts';
import { CURRENT } from './auth-helpers.ts';
import type { TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';

export const SITE = 'http://localhost:8080';

/** Per-IP and per-server limits out of the way, for files that send many requests. */
const ROOMY = { max: 100_000, windowSeconds: 300 };
export const ROOMY_LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  otp: ROOMY,
  verify: ROOMY,
  token: ROOMY,
  emailSent: ROOMY,
  smsSent: ROOMY,
};

/** The auth options with some switched (the rest as the environment's defaults). */
export const authOptions = (options: Partial<Config['auth']>): Config['auth'] => ({
  ...loadConfig({}).auth,
  ...options,
});

/**
 * The 6-digit code in a mail's or a text's words: on its own, never inside the link (whose token
 * may hold six digits in a row, but never with a space before them).
 */
export function codeIn(text: string): string {
  const code = /(?:^|\s)(\d{6})(?:\s|\.|$)/m.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** A different 6-digit code than `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

/** One app per database kind for a whole `describe.each(databaseKinds())` block. */
export function useAppOn(
  open: () => Promise<TestDatabase>,
  overrides: Partial<Config> = {},
): { readonly t: TestApp; readonly apikey: string } {
  let database: TestDatabase | undefined;
  let current: { t: TestApp; apikey: string } | undefined;
  beforeAll(async () => {
    database = await open();
    const t = await buildTestApp(
      { siteUrl: SITE, rateLimits: ROOMY_LIMITS, ...overrides },
      database.database,
    );
    current = { t, apikey: await apiKeyOf(t) };
  });
  afterAll(async () => {
    await current?.t.close();
    await database?.drop();
  });
  const now = () => {
    if (!current) throw new Error('The app is built in beforeAll; use it inside a test.');
    return current;
  };
  return {
    get t() {
      return now().t;
    },
    get apikey() {
      return now().apikey;
    },
  };
}

/** A POST to the auth API as supabase-js sends it. */
export function post(
  t: TestApp,
  apikey: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/auth/v1${url}`,
    headers: { apikey, ...CURRENT, 'accept-language': 'cs', ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** The newest mail to `to`. */
export function lastMailTo(t: TestApp, to: string) {
  const mail = t.mail.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The newest text to `phone` (as the gateway gets it: with its plus). */
export function lastSmsTo(t: TestApp, phone: string) {
  const sms = t.sms.filter((message) => message.phone === phone).at(-1);
  if (!sms) throw new Error(`no text to ${phone}`);
  return sms;
}

/** Forgets when the user was last sent mail and texts, as if the frequency's minute had passed. */
export async function minuteLater(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .update(users)
    .set({
      confirmationSentAt: null,
      recoverySentAt: null,
      emailChangeSentAt: null,
      phoneChangeSentAt: null,
    })
    .where(eq(users.id, userId));
}

/** Opens a link the way a browser does: GET, one hop; the redirect's target. */
export async function openLink(t: TestApp, link: string): Promise<URL> {
  const url = new URL(link);
  const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
  if (res.statusCode !== 303) throw new Error(`${link} answered ${res.statusCode}`);
  return new URL(String(res.headers.location));
}

export const fragmentOf = (location: URL) => new URLSearchParams(location.hash.slice(1));
