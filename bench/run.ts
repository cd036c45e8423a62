/**
 * `npm run bench`: every benchmark in turn, printing figures against their budgets
 * (DESIGN.md §6). Exits 1 when one is out of budget. Run `npm run build` first.
 *
 * One section alone: page speed (Lighthouse against a bare React page, a few minutes) runs by
 * itself with `npx node bench/lighthouse.ts`; its table is also written to bench/RESULTS.md.
 * The soak (50 users, SOAK_MINUTES) runs alone with `npx node bench/soak.ts`.
 */
import { execFileSync } from 'node:child_process';
import { benchAnalytics } from './analytics.ts';
import { benchAuth } from './auth.ts';
import { benchDataApi } from './data-api.ts';
import { benchHealthz } from './healthz.ts';
import { benchPageSpeed } from './lighthouse.ts';
import { benchMemory } from './memory.ts';
import { benchMentor } from './mentor.ts';
import { benchSoak } from './soak.ts';

let ok = true;

console.log('— Home route bundle —');
try {
  execFileSync(process.execPath, ['scripts/size.ts'], { stdio: 'inherit' });
} catch {
  ok = false;
}

console.log('\n— Statistics —');
ok = benchAnalytics() && ok;

console.log('\n— Mentor —');
ok = (await benchMentor()) && ok;

console.log('\n— Server —');
ok = (await benchHealthz()) && ok;

console.log('\n— Auth —');
ok = (await benchAuth()) && ok;

console.log('\n— Data API —');
ok = (await benchDataApi()) && ok;

console.log('\n— Memory —');
ok = (await benchMemory()) && ok;

console.log('\n— Page speed —');
ok = (await benchPageSpeed()) && ok;

console.log('\n— Soak (SOAK_MINUTES, 10 by default) —');
ok = (await benchSoak()) && ok;

process.exit(ok ? 0 : 1);
