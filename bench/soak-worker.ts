/**
 * The simulated users of the soak (soak.ts), in a worker thread: each signs in, then until the
 * end refreshes its session, reads its goals and the topics page, and asks the mentor, with a
 * short pause between steps, as a person using the app would (only faster).
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface SoakTask {
  base: string;
  apikey: string;
  emails: string[];
  password: string;
  durationMs: number;
}

export interface SoakResult {
  /** Latencies in ms per endpoint. */
  latencies: Record<string, number[]>;
  /** Failures per endpoint, with the first few answers seen. */
  errors: Record<string, number>;
  samples: string[];
}

const QUESTIONS = ['Jak získat první zákazníky?', 'Kdy se musím registrovat k DPH?', 'Ahoj'];

async function simulate(task: SoakTask, result: SoakResult): Promise<void> {
  const until = performance.now() + task.durationMs;
  const record = async (name: string, call: () => Promise<Response>, ok = 200) => {
    const started = performance.now();
    let response: Response | undefined;
    let body: string;
    try {
      response = await call();
      body = await response.text();
    } catch (error) {
      body = String(error);
    }
    (result.latencies[name] ??= []).push(performance.now() - started);
    if (response?.status !== ok || (name === 'chat' && !body.includes('"type":"done"'))) {
      result.errors[name] = (result.errors[name] ?? 0) + 1;
      if (result.samples.length < 5)
        result.samples.push(`${name} ${response?.status}: ${body.slice(0, 200)}`);
      return undefined;
    }
    return body;
  };
  const json = { 'content-type': 'application/json' };
  const email = task.emails.pop() ?? '';
  const signedIn = await record('sign in', () =>
    fetch(`${task.base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: task.apikey, ...json },
      body: JSON.stringify({ email, password: task.password }),
    }),
  );
  if (!signedIn) return;
  let session = JSON.parse(signedIn) as { access_token: string; refresh_token: string };
  let turn = 0;
  while (performance.now() < until) {
    const authorization = `Bearer ${session.access_token}`;
    await record('GET /api/v1/goals', () =>
      fetch(`${task.base}/api/v1/goals`, { headers: { authorization } }),
    );
    await record('GET /topics', () =>
      fetch(`${task.base}/topics`, { headers: { 'accept-encoding': 'br' } }),
    );
    await record('chat', () =>
      fetch(`${task.base}/api/v1/chat`, {
        method: 'POST',
        headers: { authorization, ...json },
        body: JSON.stringify({
          language: 'cs',
          messages: [{ role: 'user', content: QUESTIONS[turn++ % QUESTIONS.length] }],
        }),
      }),
    );
    const refreshed = await record('refresh', () =>
      fetch(`${task.base}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: task.apikey, ...json },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      }),
    );
    if (!refreshed) return;
    session = JSON.parse(refreshed) as typeof session;
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
  }
}

async function soak(task: SoakTask): Promise<SoakResult> {
  const result: SoakResult = { latencies: {}, errors: {}, samples: [] };
  const users = task.emails.length;
  await Promise.all(Array.from({ length: users }, () => simulate(task, result)));
  return result;
}

if (parentPort) parentPort.postMessage(await soak(workerData as SoakTask));
