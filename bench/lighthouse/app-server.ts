/**
 * Parťák's real server on the real build: `node server/src/main.ts` as its own process, the way
 * `npm start` runs it after `npm run build`, with a temporary DATA_DIR removed afterwards.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test/free-port.ts';
import { spawnServer, untilHealthy } from '../../server/test/server-process.ts';
import type { Served } from './types.ts';

const INDEX = join(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html');

/** Starts the server on 127.0.0.1:`port` (0: any free port) once it answers /healthz. */
export async function serveApp(port: number): Promise<Served> {
  try {
    await access(INDEX);
  } catch {
    throw new Error('web/dist/index.html is missing: run `npm run build` first');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-pages-'));
  const chosen = port || (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const server = spawnServer({
    PORT: String(chosen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The production default, so the figures include what logging costs.
    LOG_LEVEL: 'info',
    SITE_URL: url,
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(server, `${url}/healthz`);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`, { cause: error });
  }
  return { url, stop };
}
