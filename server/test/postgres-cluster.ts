/**
 * A throwaway PostgreSQL server for the tests, from the machine's own PostgreSQL binaries: a new
 * cluster in a temp dir, on a free loopback port, removed afterwards. TEST_DATABASE_URL uses an
 * existing server instead. Without either, PostgreSQL tests are skipped — unless
 * REQUIRE_POSTGRES=1 (as in CI), which makes a missing server an error.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
  /** Stops the server as an operator would (`pg_ctl stop -m fast`), keeping its data. */
  pause?(): void;
  /** Starts a paused server again on the same port. */
  resume?(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

export async function startPostgres(): Promise<PostgresServer | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, stop: async () => undefined };
  }
  const bin = binDir();
  const isRoot = process.getuid?.() === 0;
  if (!bin || !isRoot) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(
        'REQUIRE_POSTGRES=1 but no PostgreSQL is available: set TEST_DATABASE_URL, or run as root ' +
          'on a machine with Debian PostgreSQL binaries (/usr/lib/postgresql/*/bin).',
      );
    }
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'partak-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  // initdb and the server refuse to run as root: they run as the postgres user.
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
      stdio: 'pipe',
    });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    async stop() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
