/**
 * GET /healthz on the real app against a bare Fastify "hello" in the same run, both on loopback
 * with 50 connections. Budget (docs/architecture.md#quality-budgets): the app serves at least
 * 80 % of the bare rate.
 * Load generator and servers share two cores, so single runs are noisy: the two are measured
 * alternately over several rounds and the median ratio is reported.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config/env.ts';

const DURATION_S = Number(process.env.BENCH_DURATION || 3);
const ROUNDS = 5;

async function load(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function benchHealthz(): Promise<boolean> {
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const dataDir = await mkdtemp(join(tmpdir(), 'partak-bench-'));
  // The production default log level, so the figure includes what logging costs.
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'info' }, { dataDir }));
  await app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const address = (server: typeof app) => {
      const info = server.server.address();
      return typeof info === 'object' && info ? `http://127.0.0.1:${info.port}` : '';
    };
    const bareUrl = `${address(bare)}/hello`;
    const ourUrl = `${address(app)}/healthz`;
    await load(bareUrl); // warm-up
    await load(ourUrl);
    console.log('GET /healthz vs bare Fastify hello (50 connections):');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const baseline = await load(bareUrl);
      const ours = await load(ourUrl);
      ratios.push(ours.rps / baseline.rps);
      console.log(
        `  round ${round}: bare ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms), ` +
          `/healthz ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99} ms)`,
      );
    }
    const median = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
    const ok = median >= 0.8;
    console.log(
      `  median ratio ${(median * 100).toFixed(0)} % (budget ≥ 80 %) ${ok ? 'ok' : 'BELOW BUDGET'}`,
    );
    return ok;
  } finally {
    await app.close();
    await bare.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
