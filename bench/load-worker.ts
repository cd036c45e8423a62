/**
 * The refresh-grant load generator, run in a worker thread (in-worker.ts): a load generator on
 * the server's own event loop takes the CPU the server is being measured for.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** (autocannon runs its own worker threads: `autocannonOffThread` in in-worker.ts.) */
export interface RefreshTask {
  base: string;
  apikey: string;
  /** One refresh token per connection; each connection rotates its own. */
  tokens: string[];
  durationS: number;
}

export interface RefreshResult {
  rps: number;
  p99: number;
  failures: number;
}

/** Every connection refreshes its own session in a loop with the token it was last given. */
async function refreshLoad(task: RefreshTask): Promise<RefreshResult> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + task.durationS * 1000;
  await Promise.all(
    task.tokens.map(async (first) => {
      let token = first;
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${task.base}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: task.apikey, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: token }),
        });
        const body = (await res.json()) as { refresh_token?: string };
        latencies.push(performance.now() - started);
        if (res.status !== 200 || !body.refresh_token) {
          failures++;
          return;
        }
        token = body.refresh_token;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0);
  return { rps: latencies.length / task.durationS, p99, failures };
}

if (parentPort) parentPort.postMessage(await refreshLoad(workerData as RefreshTask));
