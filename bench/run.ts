/**
 * `npm run bench`: every benchmark in turn, printing figures against their budgets
 * (docs/architecture.md#quality-budgets). Exits 1 when one is out of budget. Run
 * `npm run build` first.
 *
 * One section alone: page speed (Lighthouse against a bare React page, a few minutes) runs by
 * itself with `npx node bench/lighthouse.ts`; its table is also written to bench/RESULTS.md.
 * The soak (50 users, SOAK_MINUTES) runs alone with `npx node bench/soak.ts`. Name sections to run
 * only those: `npm run bench -- mentor` (ids: size, statistics, mentor, server, start, auth, data-api,
 * memory, page-speed, soak).
 */
import { execFileSync } from 'node:child_process';
import { benchAnalytics } from './analytics.ts';
import { benchAuth } from './auth.ts';
import { benchDataApi } from './data-api.ts';
import { benchHealthz } from './healthz.ts';
import { benchPageSpeed } from './lighthouse.ts';
import { benchMemory } from './memory.ts';
import { benchMentor } from './mentor.ts';
import { measuredWith, writeResults } from './results.ts';
import { benchSoak } from './soak.ts';
import { benchStart } from './start.ts';

let ok = true;
const only = process.argv.slice(2);
const wanted = (id: string) => only.length === 0 || only.includes(id);

/**
 * Runs one section, printing as it goes, and keeps what it printed in bench/RESULTS.md (under
 * `id`) with when, where and how it was measured.
 */
async function section(title: string, id: string, run: () => boolean | Promise<boolean>) {
  if (!wanted(id)) return;
  console.log(`\n— ${title} —`);
  const printed: string[] = [];
  const print = console.log;
  console.log = (...parts: unknown[]) => {
    printed.push(parts.map(String).join(' '));
    print(...parts);
  };
  let passed: boolean;
  try {
    passed = await run();
  } finally {
    console.log = print;
  }
  ok = passed && ok;
  const verdict = passed ? 'PASS: every figure within its budget' : 'FAIL: a figure out of budget';
  await writeResults(
    id,
    `## ${title}\n\n${measuredWith()}\n- ${verdict}\n\n\`\`\`text\n${printed.join('\n')}\n\`\`\``,
  );
}

if (wanted('size')) {
  console.log('— Home route bundle —');
  try {
    execFileSync(process.execPath, ['scripts/size.ts'], { stdio: 'inherit' });
  } catch {
    ok = false;
  }
}

await section('Statistics', 'statistics', benchAnalytics);
await section('Mentor', 'mentor', benchMentor);
await section('Server', 'server', benchHealthz);
await section('Start', 'start', benchStart);
await section('Auth', 'auth', benchAuth);
await section('Data API', 'data-api', benchDataApi);
await section('Memory', 'memory', benchMemory);

// Page speed writes its own table to RESULTS.md.
if (wanted('page-speed')) {
  console.log('\n— Page speed —');
  ok = (await benchPageSpeed()) && ok;
}

await section('Soak (SOAK_MINUTES, 10 by default)', 'soak', benchSoak);

process.exit(ok ? 0 : 1);
