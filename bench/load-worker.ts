/**
 * The auth bench's load generators, run in a worker thread (in-worker.ts): a load generator on
 * the server's own event loop takes the CPU the server is being measured for.
 */
import { Agent, request } from 'node:http';
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

/**
 * One POST over a kept-alive socket with `node:http`: undici's `fetch` cost ~0.8 ms of CPU per
 * request here, as much as the grant it measures, and on two cores the client's CPU is the
 * server's loss (ADR 013).
 */
function post(url: URL, agent: Agent, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Each connection runs its own loop, carrying its state (a refresh token, an address). */
async function load(task: LoadTask, states: string[], step: Step): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + task.durationS * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: states.length });
  await Promise.all(
    states.map(async (first) => {
      let state = first;
      while (performance.now() < until) {
        const { grant, body } = step(state);
        const url = new URL(`${task.base}/auth/v1/token?grant_type=${grant}`);
        const text = JSON.stringify(body);
        const headers = {
          apikey: task.apikey,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(text)),
        };
        const started = performance.now();
        const res = await post(url, agent, headers, text);
        const answer = JSON.parse(res.text) as { refresh_token?: string };
        latencies.push(performance.now() - started);
        if (res.status !== 200 || !answer.refresh_token) {
          failures++;
          return;
        }
        if (task.kind === 'refresh') state = answer.refresh_token;
      }
    }),
  );
  agent.destroy();
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
