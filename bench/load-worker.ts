/**
 * The auth bench's load generators, run in a worker thread (in-worker.ts): a load generator on
 * the server's own event loop takes the CPU the server is being measured for.
 */
import { parentPort, workerData } from 'node:worker_threads';

export type LoadTask = {
  base: string;
  apikey: string;
  durationS: number;
} & (
  | {
      kind: 'refresh';
      /** One refresh token per connection; each connection rotates its own. */
      tokens: string[];
    }
  | {
      kind: 'password';
      /** One account per connection, as many people signing in at once. */
      emails: string[];
      password: string;
    }
);

export interface LoadResult {
  rps: number;
  p99: number;
  failures: number;
}

type Step = (state: string) => { grant: string; body: unknown };

/** Each connection runs its own loop, carrying its state (a refresh token, an address). */
async function load(task: LoadTask, states: string[], step: Step): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + task.durationS * 1000;
  await Promise.all(
    states.map(async (first) => {
      let state = first;
      while (performance.now() < until) {
        const { grant, body } = step(state);
        const started = performance.now();
        const res = await fetch(`${task.base}/auth/v1/token?grant_type=${grant}`, {
          method: 'POST',
          headers: { apikey: task.apikey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = (await res.json()) as { refresh_token?: string };
        latencies.push(performance.now() - started);
        if (res.status !== 200 || !answer.refresh_token) {
          failures++;
          return;
        }
        if (task.kind === 'refresh') state = answer.refresh_token;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0);
  return { rps: latencies.length / task.durationS, p99, failures };
}

function run(task: LoadTask): Promise<LoadResult> {
  if (task.kind === 'refresh') {
    return load(task, task.tokens, (token) => ({
      grant: 'refresh_token',
      body: { refresh_token: token },
    }));
  }
  return load(task, task.emails, (email) => ({
    grant: 'password',
    body: { email, password: task.password },
  }));
}

if (parentPort) parentPort.postMessage(await run(workerData as LoadTask));
