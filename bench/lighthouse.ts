/**
 * Page speed (docs/architecture.md#quality-budgets): Lighthouse on Parťák's main routes, served
 * by the real server on the
 * real build, side by side with a bare React 19 "hello" page (bench/baseline) built and measured in
 * the same run. Mobile form factor, simulated throttling, the median of LIGHTHOUSE_RUNS (5) runs per
 * page; the runs go round the pages in turn, so load on the machine hits all of them alike.
 *
 * Budgets: performance ≥ 95, accessibility = 100, best practices = 100 on every route; home LCP
 * ≤ 1.3 × the baseline's; every main route's LCP ≤ 1.0 × the baseline's. The table also goes to
 * bench/RESULTS.md.
 *
 * Alone: `npm run build && npx node bench/lighthouse.ts` (Node 24, hence npx). Environment:
 * CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5), BENCH_PORT_BASE (default:
 * free ports; otherwise the app, the baseline and Chromium's DevTools listen on it, +1 and +2),
 * LIGHTHOUSE_REPORTS (a folder for the HTML report of each page's median run).
 */
import { access } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'lighthouse';
import { serveApp } from './lighthouse/app-server.ts';
import { audit, launchBrowser, pageFigures, saveReports } from './lighthouse/audit.ts';
import type { Browser } from './lighthouse/audit.ts';
import { serveBaseline } from './lighthouse/baseline.ts';
import { printResults } from './lighthouse/console.ts';
import { BASELINE, budgets, type Measured } from './lighthouse/figures.ts';
import { pageSpeedSection } from './lighthouse/markdown.ts';
import { measuredWith, writeResults } from './results.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
/** A real article, so the page measured is the article and not the app's "not found". */
const ARTICLE = 'podnikani/cesta-rustu';
const PAGES = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(',')
  : ['/', '/chat', '/topics', `/library/${ARTICLE}`, '/goals'];

interface Target {
  page: string;
  url: string;
}

/** RUNS rounds over all targets, after one uncounted run of the first two. */
async function measure(targets: Target[], browser: Browser): Promise<Map<string, Result[]>> {
  const started = performance.now();
  const [load = 0] = loadavg();
  if (load > cpus().length) {
    console.log(
      `  note: load average ${load.toFixed(1)} on ${cpus().length} cores; other work on this ` +
        'machine inflates the CPU time Lighthouse simulates from (TBT, LCP)',
    );
  }
  // Not counted: the first loads of a fresh browser and a freshly started server are slower.
  for (const { url } of targets.slice(0, 2)) await audit(url, browser);
  const runs = new Map<string, Result[]>(targets.map(({ page }) => [page, []]));
  for (let round = 1; round <= RUNS; round++) {
    for (const { page, url } of targets) runs.get(page)?.push(await audit(url, browser));
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`  round ${round} of ${RUNS} done (${seconds} s)`);
  }
  return runs;
}

/** Where, how and with what the figures were measured, for bench/RESULTS.md. */
function setup(browser: Browser, runs: Result[]): string {
  const cpuIndex = runs.map((run) => run.environment.benchmarkIndex).sort((a, b) => a - b);
  return measuredWith([
    `${browser.version} (${process.env.CHROME_PATH || '/usr/bin/chromium'}), ` +
      `Lighthouse ${runs[0]?.lighthouseVersion}: mobile, simulated throttling, ` +
      `median of ${RUNS} runs per page (computeMedianRun); Lighthouse's CPU benchmark index ` +
      `${cpuIndex[0]?.toFixed(0)}–${cpuIndex.at(-1)?.toFixed(0)}`,
  ]);
}

export async function benchPageSpeed(): Promise<boolean> {
  await access(join(import.meta.dirname, '..', 'content', 'library', 'articles', `${ARTICLE}.md`));
  const portBase = Number(process.env.BENCH_PORT_BASE || 0);
  const port = (offset: number) => (portBase ? portBase + offset : 0);

  const baseline = await serveBaseline(port(1));
  const app = await serveApp(port(0)).catch(async (error: unknown) => {
    await baseline.stop();
    throw error;
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser(port(2));
    console.log(
      `${browser.version}, ${RUNS} runs of each page, mobile, simulated throttling ` +
        '(a few minutes)…',
    );
    const runs = await measure(
      [
        { page: BASELINE, url: `${baseline.url}/` },
        ...PAGES.map((page) => ({ page, url: `${app.url}${page}` })),
      ],
      browser,
    );

    const base: Measured = { page: BASELINE, figures: await pageFigures(runs.get(BASELINE) ?? []) };
    const pages: Measured[] = [];
    for (const page of PAGES) {
      pages.push({ page, figures: await pageFigures(runs.get(page) ?? []) });
    }
    const checked = budgets(base.figures, pages);
    printResults(base, pages, checked);

    const section = pageSpeedSection(
      setup(browser, [...runs.values()].flat()),
      base,
      pages,
      checked,
    );
    await writeResults('page-speed', section);
    console.log('(table written to bench/RESULTS.md)');
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      await saveReports(reports, runs);
      console.log(`(median-run reports in ${reports})`);
    }
    return checked.every((budget) => budget.pass);
  } finally {
    browser?.close();
    await app.stop();
    await baseline.stop();
  }
}

if (import.meta.main) process.exit((await benchPageSpeed()) ? 0 : 1);
