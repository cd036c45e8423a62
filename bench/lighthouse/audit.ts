/**
 * Lighthouse, run programmatically against the system Chromium (never a downloaded browser) with
 * its default settings: mobile form factor and simulated throttling. Several runs of a page are
 * reduced to one with Lighthouse's own computeMedianRun, which picks the run closest to the median
 * FCP and median time to interactive (not the median score or LCP), so all of a page's figures
 * come from one real run. The package's entry does not export it; it is imported from its file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { firstRenderRequests, totalBytes } from './first-render.ts';
import type { PageFigures } from './types.ts';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export interface Browser {
  port: number;
  /** For instance "Chrome/156.0.8078.79". */
  version: string;
  close(): void;
}

/** Starts headless Chromium with its DevTools port on `port` (0: any free port). */
export async function launchBrowser(port: number): Promise<Browser> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The browser of a Czech visitor, the app's audience: Chromium otherwise says en-US, and the
    // app then loads the English dictionaries and content (with Czech as the fallback).
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--accept-lang=cs-CZ,cs'],
    ...(port ? { port } : {}),
    logLevel: 'silent',
  });
  try {
    const response = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
    const { Browser: version } = (await response.json()) as { Browser: string };
    return { port: chrome.port, version, close: () => chrome.kill() };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/**
 * One Lighthouse run of `url`. A run that Lighthouse itself reports as broken is tried again, up
 * to three times: on this (loaded) machine a few runs in a hundred ended in NO_NAVSTART ("something
 * went wrong with recording the trace"), once twice in a row, and the page measured normally when
 * run again.
 */
export async function audit(url: string, browser: Browser, attempt = 1): Promise<Result> {
  const result = await lighthouse(url, {
    port: browser.port,
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    const problem = `Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`;
    if (attempt > 3) throw new Error(`${problem} (${lhr.runtimeError.message})`);
    console.log(`  ${problem}; running it again`);
    return audit(url, browser, attempt + 1);
  }
  const { formFactor, throttlingMethod } = lhr.configSettings;
  if (formFactor !== 'mobile' || throttlingMethod !== 'simulate') {
    throw new Error(
      `expected mobile + simulate, Lighthouse used ${formFactor} + ${throttlingMethod}`,
    );
  }
  return lhr;
}

/** Scored audits under 1 in the categories that are not at 100. */
function failingAudits(lhr: Result): string[] {
  return Object.values(lhr.categories).flatMap((category) =>
    (category.score ?? 0) >= 1
      ? []
      : category.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => ({ id: ref.id, score: lhr.audits[ref.id]?.score }))
          .filter(({ score }) => typeof score === 'number' && score < 1)
          .map(({ id, score }) => `${category.id}: ${id} (${score})`),
  );
}

/**
 * The scripts and stylesheets that finished before the first paint in every run. A file that made
 * it in some runs only (say one requested just after the first render, racing the paint) is left
 * out of the figures and listed as racing, so the figures do not jump between runs.
 */
function firstRenderFiles(runs: Result[]): { js: string[]; css: string[]; racing: string[] } {
  const each = runs.map(firstRenderRequests);
  const inAll = (urls: string[]) =>
    urls.filter((url) => each.every((run) => run.js.includes(url) || run.css.includes(url)));
  const all = new Set(each.flatMap((run) => [...run.js, ...run.css]));
  const js = inAll(each[0]?.js ?? []);
  const css = inAll(each[0]?.css ?? []);
  const racing = [...all].filter((url) => !js.includes(url) && !css.includes(url));
  return { js, css, racing };
}

/** A page's figures from its runs. */
export async function pageFigures(runs: Result[]): Promise<PageFigures> {
  const median = computeMedianRun(runs);
  const score = (id: string) => Math.round((median.categories[id]?.score ?? 0) * 100);
  const value = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const { js, css, racing } = firstRenderFiles(runs);
  const path = (url: string) => new URL(url).pathname;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value(median, 'first-contentful-paint'),
    lcp: value(median, 'largest-contentful-paint'),
    tbt: value(median, 'total-blocking-time'),
    cls: value(median, 'cumulative-layout-shift'),
    lcpRuns: runs.map((run) => value(run, 'largest-contentful-paint')).sort((a, b) => a - b),
    js: await totalBytes(js),
    css: await totalBytes(css),
    files: [...js, ...css].map(path),
    racing: racing.map(path),
    failing: failingAudits(median),
  };
}

/** Writes the HTML report of each page's median run into `folder`, named after the page. */
export async function saveReports(folder: string, runs: Map<string, Result[]>): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const [page, results] of runs) {
    const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/[^\w-]+/g, '-');
    const html = generateReport(computeMedianRun(results), 'html');
    await writeFile(join(folder, `${name}.html`), html);
  }
}
