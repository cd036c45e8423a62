import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { MailMessage } from '../src/mail/mailer.ts';
import { memoryMailer } from '../src/mail/memory-mailer.ts';
import { memorySmsSender } from '../src/sms/sms-sender.ts';

export const FIXTURE_INDEX_HTML =
  '<!doctype html><html lang="cs"><head><title>Parťák</title></head><body><div id="root"></div></body></html>';
export const FIXTURE_SERVICE_WORKER = "self.addEventListener('fetch', () => undefined);\n";
export const FIXTURE_ASSET = 'export const answer = 42;\n'.repeat(200);

/** The prerendered pages of the fixture build: home, chat and the 404, in Czech and English. */
export const FIXTURE_PAGES = ['/', '/chat', '/404'] as const;
export const fixturePage = (language: string, path: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root">${path}</div></body></html>`;

/**
 * A folder shaped like `web/dist`: index.html, a hashed asset with its precompressed twins, and a
 * few prerendered pages (web/build/prerender.ts).
 */
export async function createWebRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'partak-web-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), FIXTURE_INDEX_HTML);
  await writeFile(join(root, 'index.html.br'), brotliCompressSync(FIXTURE_INDEX_HTML));
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'sw.js'), FIXTURE_SERVICE_WORKER);
  await writeFile(join(root, 'sw.js.br'), brotliCompressSync(FIXTURE_SERVICE_WORKER));
  await writeFile(join(root, 'manifest.webmanifest'), '{"name":"Parťák"}');
  const asset = join(root, 'assets', 'index-abc123.js');
  await writeFile(asset, FIXTURE_ASSET);
  await writeFile(`${asset}.br`, brotliCompressSync(FIXTURE_ASSET));
  await writeFile(`${asset}.gz`, gzipSync(FIXTURE_ASSET));
  for (const language of ['cs', 'en']) {
    await mkdir(join(root, 'pages', language), { recursive: true });
    for (const path of FIXTURE_PAGES) {
      const name = path === '/' ? 'index' : path.slice(1);
      await writeFile(join(root, 'pages', language, `${name}.html`), fixturePage(language, path));
    }
  }
  return root;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Every mail the app sent, newest last. */
  mail: MailMessage[];
  /** Every text message the app sent, newest last. */
  sms: { phone: string; message: string }[];
  close(): Promise<void>;
}

/** Dependencies a test may replace besides the database, mail and SMS (which it always gets). */
export type TestDependencies = Pick<AppDependencies, 'sleep' | 'now'>;

/**
 * The real app on a throwaway web root and an in-memory PGlite (or the database given);
 * `close` removes what it made.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  given?: Database,
  deps: TestDependencies = {},
): Promise<TestApp> {
  const webRoot = await createWebRoot();
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-data-'));
  const config = loadConfig({ LOG_LEVEL: 'silent' }, { webRoot, dataDir, ...overrides });
  const database = given ?? (await openDatabase({ memory: true, dataDir }));
  const mailer = memoryMailer();
  const sms = memorySmsSender();
  const app = await buildApp(config, { ...deps, database, mailer, sms });
  return {
    app,
    config,
    database,
    mail: mailer.sent,
    sms: sms.sent,
    async close() {
      await app.close();
      if (!given) await database.close();
      await rm(webRoot, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app's public API key, as the browser gets it. */
export async function apiKeyOf(t: TestApp): Promise<string> {
  return (await t.app.inject({ url: '/api/v1/config' })).json<{ anonKey: string }>().anonKey;
}

export interface FileTestApp extends TestApp {
  /** The app's public API key, for `apikey` headers. */
  readonly apikey: string;
}

/**
 * One app for a whole test file: built before the file's first test (in a `beforeAll`, so hooks
 * registered after this call can use it) and closed after its last. Returns a handle whose fields
 * read the app of the moment.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  deps: TestDependencies = {},
): FileTestApp {
  let current: { t: TestApp; apikey: string } | undefined;
  beforeAll(async () => {
    const t = await buildTestApp(overrides, undefined, deps);
    current = { t, apikey: await apiKeyOf(t) };
  });
  afterAll(() => current?.t.close());
  const now = () => {
    if (!current) throw new Error('The test app is built in beforeAll; use it inside a test.');
    return current;
  };
  return {
    get app() {
      return now().t.app;
    },
    get config() {
      return now().t.config;
    },
    get database() {
      return now().t.database;
    },
    get mail() {
      return now().t.mail;
    },
    get sms() {
      return now().t.sms;
    },
    get apikey() {
      return now().apikey;
    },
    close: () => now().t.close(),
  };
}
