import { Worker } from 'node:worker_threads';
import type { LoadResult, LoadTask } from './load-worker.ts';

/**
 * Runs one of the auth bench's loads (load-worker.ts) in a worker thread, off the server's event
 * loop, which would otherwise share its CPU with the load it is measured under.
 */
export function loadInWorker(task: LoadTask): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: task });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
