import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_FLAGS } from '../src/node-flags.ts';
import { freePort } from './free-port.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

/** The server as its own process (server/src/main.ts), the way an operator runs it. */
export interface ServerProcess {
  pid: number | undefined;
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
  /** What it wrote to stdout and stderr (with `output: 'capture'`). */
  output(): string;
  /** SIGTERM, as an operator would; resolves once the process has ended. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** `capture` keeps the output for `output()`; `inherit` shows it; `ignore` drops it. */
  output?: 'capture' | 'inherit' | 'ignore';
}

/** Starts the server with exactly `env` (and PATH); it may refuse to start, as a test wants. */
export function spawnServer(
  env: Record<string, string>,
  { output = 'capture' }: SpawnOptions = {},
): ServerProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: [
      'ignore',
      output === 'capture' ? 'pipe' : output,
      output === 'capture' ? 'pipe' : output,
    ],
  });
  let written = '';
  child.stdout?.on('data', (chunk: Buffer) => (written += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    exited,
    output: () => written,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until `url` answers 200; throws when the process ends first or `timeoutMs` passes. */
export async function untilHealthy(
  server: ServerProcess,
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  while (!ended && Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(ended ? 'the server exited before it answered' : 'the server did not start');
}

export interface RunningServer extends ServerProcess {
  url: string;
}

/**
 * A server on a free loopback port, answering its health check. Its data lives in `dataDir`, or
 * in a folder of its own that `stop()` removes. One that fails to come up is stopped before the
 * error is thrown, so no process outlives the test.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: SpawnOptions & { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDir = options.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'partak-server-'));
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir ?? (ownDir as string),
      LOG_LEVEL: 'warn',
      SITE_URL: url,
      ...env,
    },
    options,
  );
  const stop = async () => {
    await server.stop();
    if (ownDir) await rm(ownDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(server, `${url}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...server, url, stop };
}
