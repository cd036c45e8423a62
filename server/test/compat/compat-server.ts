import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { serviceRoleKey } from '../../src/auth/http/api-key.ts';
import { loadConfig } from '../../src/config/env.ts';
import type { Db } from '../../src/db/client.ts';
import type { TestDatabase } from '../databases.ts';
import { freePort } from '../free-port.ts';
import { createWebRoot } from '../helpers.ts';
import { peerClients, providerEnv } from '../oauth-helpers.ts';
import { startOidcPeer, type OidcPeer } from '../oidc-peer.ts';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.ts';

/** The real server on a loopback port, mailing through real SMTP into a capture. */
export interface CompatServer {
  /** `http://127.0.0.1:<port>`: the site URL and the supabase URL alike. */
  siteUrl: string;
  anonKey: string;
  /** The admin API's key, as the server generated and stored it (never served to a browser). */
  serviceRoleKey: string;
  capture: SmtpCapture;
  /** The OpenID provider Google and Apple sign-in go to (see oidc-peer.ts). */
  peer: OidcPeer;
  /** The server's database, for a test to arrange what no client call can (a session's age). */
  database: Database;
  /** The server's database, for a test to move time along (e.g. past a mail's frequency). */
  db: Db;
  close(): Promise<void>;
}

/**
 * Starts the app as production runs it (no injected mailer: nodemailer over SMTP), on a fresh
 * database, with Google and Apple sign-in going to a local OpenID provider. The reuse interval is
 * 0, so a refresh token used twice is refused at once. `env` adds settings (e.g. AUTH_AUTOCONFIRM).
 */
export async function startCompatServer(
  open: () => Promise<TestDatabase>,
  /** More environment, e.g. an option a test file switches on. */
  env: Record<string, string> = {},
): Promise<CompatServer> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const capture = await startSmtpCapture();
    cleanups.push(() => capture.close());
    const webRoot = await createWebRoot();
    cleanups.push(() => rm(webRoot, { recursive: true, force: true }));
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-compat-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await open();
    cleanups.push(() => database.drop());

    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const peer = await startOidcPeer({ clients: peerClients(siteUrl) });
    cleanups.push(() => peer.close());
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        SMTP_URL: capture.url,
        REFRESH_TOKEN_REUSE_INTERVAL: '0',
        ...providerEnv(peer.issuer),
        ...env,
      },
      { webRoot, dataDir, siteUrl, port, host: '127.0.0.1' },
    );
    const app: FastifyInstance = await buildApp(config, { database: database.database });
    cleanups.push(() => app.close());
    await app.listen({ port, host: '127.0.0.1' });

    const response = await fetch(`${siteUrl}/api/v1/config`);
    const { anonKey } = (await response.json()) as { anonKey: string };
    const { key } = await serviceRoleKey(database.database.db, undefined);
    return {
      siteUrl,
      anonKey,
      serviceRoleKey: key,
      capture,
      peer,
      database: database.database,
      db: database.database.db,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A supabase-js client as an app would make it, with its storage and requests in view. */
export interface CompatClient {
  supabase: SupabaseClient;
  storage: Map<string, string>;
  /** `METHOD /path` of every request the client sent, oldest first. */
  requests: string[];
}

export function compatClient(
  server: CompatServer,
  options: { storageKey: string; flowType?: 'implicit' | 'pkce' },
): CompatClient {
  const storage = new Map<string, string>();
  const requests: string[] = [];
  const adapter: SupportedStorage = {
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  };
  const recordingFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return fetch(input, init);
  };
  const supabase = createClient(server.siteUrl, server.anonKey, {
    auth: {
      storageKey: options.storageKey,
      storage: adapter,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
    global: { fetch: recordingFetch },
  });
  return { supabase, storage, requests };
}

/** Follows an email link as a browser would, one hop: the status and where it points. */
export async function openLink(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new Error(`${link} answered ${response.status} without a Location`);
  return { status: response.status, location: new URL(location) };
}

/** The parameters in a redirect's fragment (implicit flow). */
export function fragmentOf(location: URL): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
