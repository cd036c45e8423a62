/**
 * Idle memory of the real server process on the embedded database (budget ≤ 400 MB RSS:
 * docs/architecture.md#quality-budgets),
 * measured on a second start (the first one also creates the database) after it has settled.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../server/test/server-process.ts';

const BUDGET_MB = 400;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startAndMeasure(dataDir: string): Promise<{ readyS: number; rss: number }> {
  const started = performance.now();
  const server = await startServer({}, { dataDir, output: 'ignore' });
  try {
    const readyS = (performance.now() - started) / 1000;
    await sleep(3000);
    return { readyS, rss: await rssMb(server.pid ?? 0) };
  } finally {
    await server.stop();
  }
}

export async function benchMemory(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-memory-'));
  try {
    const first = await startAndMeasure(dataDir);
    const second = await startAndMeasure(dataDir);
    const ok = second.rss <= BUDGET_MB;
    console.log(
      `first start: ready in ${first.readyS.toFixed(1)} s, idle RSS ${first.rss.toFixed(0)} MB; ` +
        `restart: ready in ${second.readyS.toFixed(1)} s, idle RSS ${second.rss.toFixed(0)} MB ` +
        `(budget ≤ ${BUDGET_MB} MB) ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
    return ok;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
