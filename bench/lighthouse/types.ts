/** Shared shapes of the page-speed bench (bench/lighthouse.ts). */

/** A site the bench started on loopback. */
export interface Served {
  url: string;
  stop(): Promise<void>;
}

/** Compressed sizes of a set of files, in bytes. */
export interface Bytes {
  gzip: number;
  brotli: number;
}

/** One page's figures, from the median of its Lighthouse runs. */
export interface PageFigures {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Simulated (Lantern) metrics in ms; CLS unitless. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** LCP of every run, sorted, to show how much the runs spread. */
  lcpRuns: number[];
  /** JavaScript and CSS loaded before the first paint (see first-render.ts). */
  js: Bytes;
  css: Bytes;
  /** Those files' paths, for the record. */
  files: string[];
  /** Files that finished before the first paint in some runs only: not counted. */
  racing: string[];
  /** Scored audits that did not pass, as "category: audit (score)", to say what to fix. */
  failing: string[];
}
