/**
 * Idle memory of the real server process on the embedded database (DESIGN.md §6: ≤ 400 MB RSS),
 * measured on a second start (the first one also creates the database) after it has settled.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PORT = 4797;
const BUDGET_MB = 400;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startAndMeasure(dataDir: string): Promise<{ readyS: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('the server did not start');
      await sleep(250);
    }
    const readyS = (performance.now() - started) / 1000;
    await sleep(3000);
    return { readyS, rss: await rssMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
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
