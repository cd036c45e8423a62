import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import type { RefreshResult, RefreshTask } from './load-worker.ts';

/**
 * The benches' load generators run off the server's event loop, which would otherwise share its
 * CPU with the load it is measured under.
 */

/** The refresh-grant load (load-worker.ts) in a worker thread; resolves with what it measured. */
export function refreshInWorker(task: RefreshTask): Promise<RefreshResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: task });
    worker.once('message', (result: RefreshResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/** autocannon in a worker thread of its own (its `workers` option). */
export function autocannonOffThread(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, workers: 1 });
}
