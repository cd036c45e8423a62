/**
 * `npm start` as a newcomer runs it: the time from the command to the first `/healthz` answer
 * on a built checkout (budget 5 s: the web app is built only when its sources changed, see
 * scripts/build-if-changed.ts) — the very first start, which also creates the database, and the
 * restarts after it, on the same data — and two starts at once in one folder after a change of
 * the sources (each with its own PORT and DATA_DIR): both must come up, built once between them.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = join(import.meta.dirname, '..');
const RUNS = 5;
const BUDGET_MS = 5000;
const STAMP = join(ROOT, 'node_modules', '.cache', 'partak', 'web-build-hash');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

async function start(dataDir?: string): Promise<Started & { port: number }> {
  const port = await freePort();
  dataDir ??= await mkdtemp(join(tmpdir(), 'partak-start-'));
  // Its own process group, so stopping it stops npm and the server it started.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, port, dataDir, output: () => text };
}

/** Milliseconds until `/healthz` answers 200, or Infinity after `limitMs`. */
async function healthy(port: number, since: number, limitMs: number): Promise<number> {
  while (performance.now() - since < limitMs) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return performance.now() - since;
    await sleep(20);
  }
  return Infinity;
}

async function stop({ child, dataDir }: Started, { keepData = false } = {}) {
  if (child.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (!keepData) await rm(dataDir, { recursive: true, force: true });
}

/** Milliseconds from `npm start` to the first 200 from `/healthz`. */
async function timedStart(dataDir?: string, keepData = false) {
  const since = performance.now();
  const started = await start(dataDir);
  const ms = await healthy(started.port, since, 60_000);
  await stop(started, { keepData });
  return { ms, dataDir: started.dataDir };
}

export async function benchStart(): Promise<boolean> {
  // Not timed: make sure the checkout is built for its current sources.
  execFileSync(process.execPath, ['scripts/build-if-changed.ts'], { cwd: ROOT, stdio: 'inherit' });
  const first = await timedStart(undefined, true);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await timedStart(first.dataDir, true)).ms);
  await rm(first.dataDir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Infinity;
  const worst = times.at(-1) ?? Infinity;
  const fast = first.ms <= BUDGET_MS && worst <= BUDGET_MS;
  console.log('npm start on a built checkout → first /healthz 200:');
  console.log(`  first start (creates the database): ${first.ms.toFixed(0)} ms`);
  console.log(`  ${RUNS} restarts: median ${median.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms`);
  console.log(`  budget ≤ ${BUDGET_MS} ms each ${fast ? 'ok' : 'OVER BUDGET'}`);

  // The sources "changed": two starts at once must build once and both come up.
  await rm(STAMP, { force: true });
  const since = performance.now();
  const pair = [await start(), await start()];
  const upAfter = await Promise.all(pair.map((one) => healthy(one.port, since, 600_000)));
  const builds = pair.filter((one) => one.output().includes('Building the web app')).length;
  await Promise.all(pair.map((one) => stop(one)));
  const both = upAfter.every(Number.isFinite) && builds === 1;
  console.log('Two npm start at once in one folder, sources changed:');
  console.log(
    `  up after ${upAfter.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')}, ` +
      `built ${builds} time(s) ${both ? 'ok' : 'FAILED'}`,
  );
  return fast && both;
}
