import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/test/free-port.ts';

export interface OwnServer {
  url: string;
  /** Stops the server (SIGTERM, as an operator would) and removes its data. */
  stop(): Promise<void>;
}

/**
 * A server of the test's own, on the same build as the main one but with its own settings (a
 * mentor model at a local peer, say) and its own data, for journeys the shared server cannot take.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_URL: url,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || tries > 600) throw new Error('the test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
