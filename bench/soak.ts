/**
 * A mixed load over time: 50 simulated users for SOAK_MINUTES (10 by default) against
 * the real server process on PGlite — sign in, then refresh, read goals and the topics page, and
 * chat with the library mentor, in a loop with short pauses. Budgets: zero errors, and no memory
 * growth after the first minute (the server's RSS at the end at most 10 % over its RSS at one
 * minute). Prints p99 per endpoint. Run alone with `node bench/soak.ts`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { hashPassword } from '../server/src/auth/users/passwords.ts';
import { createEmailUser } from '../server/src/auth/users/users-repository.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { startServer } from '../server/test/server-process.ts';
import type { SoakResult, SoakTask } from './soak-worker.ts';

const USERS = 50;
const MINUTES = Number(process.env.SOAK_MINUTES || 10);
const PASSWORD = 'soak-heslo-123';
const UNLIMITED = '1000000';

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function createUsers(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  const passwordHash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: USERS }, (_, i) => `soak-${i}@example.cz`);
  for (const email of emails) {
    await createEmailUser(database.db, { email, passwordHash, confirmedAt: new Date() });
  }
  await database.close();
  return emails;
}

function runUsers(task: SoakTask): Promise<SoakResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./soak-worker.ts', import.meta.url), { workerData: task });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
};

export async function benchSoak(): Promise<boolean> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partak-soak-'));
  try {
    const emails = await createUsers(dataDir);
    const server = await startServer(
      {
        LOG_LEVEL: 'warn',
        RATE_LIMIT_TOKEN: UNLIMITED,
        RATE_LIMIT_CHAT: UNLIMITED,
        RATE_LIMIT_DATA: UNLIMITED,
      },
      { dataDir, output: 'ignore' },
    );
    try {
      const { anonKey } = (await (await fetch(`${server.url}/api/v1/config`)).json()) as {
        anonKey: string;
      };
      const memory: number[] = [];
      const sampler = setInterval(() => {
        void rssMb(server.pid ?? 0).then((mb) => memory.push(mb));
      }, 10_000);
      const result = await runUsers({
        base: server.url,
        apikey: anonKey,
        emails,
        password: PASSWORD,
        durationMs: MINUTES * 60_000,
      });
      clearInterval(sampler);
      return report(result, memory);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(result: SoakResult, memory: number[]): boolean {
  let requests = 0;
  for (const [name, latencies] of Object.entries(result.latencies)) {
    requests += latencies.length;
    console.log(
      `  ${name.padEnd(18)} ${String(latencies.length).padStart(7)} requests, p99 ${p99(latencies)} ms, ` +
        `${result.errors[name] ?? 0} errors`,
    );
  }
  const errors = Object.values(result.errors).reduce((sum, n) => sum + n, 0);
  for (const sample of result.samples) console.log(`  e.g. ${sample}`);
  const atOneMinute = memory[5] ?? memory[0] ?? 0;
  const atEnd = memory.at(-1) ?? 0;
  const stable = atEnd <= atOneMinute * 1.1;
  const ok = errors === 0 && stable;
  console.log(
    `soak: ${USERS} users, ${MINUTES} min, ${requests} requests, ${errors} errors; server RSS ` +
      `${atOneMinute.toFixed(0)} MB at 1 min → ${atEnd.toFixed(0)} MB at the end ` +
      `(budget: no errors, ≤ +10 %) ${ok ? 'ok' : 'FAIL'}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await benchSoak()) ? 0 : 1);
