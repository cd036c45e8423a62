/**
 * The JavaScript and CSS a page loads before it first renders.
 *
 * Definition: every request of type Script or Stylesheet in Lighthouse's network log that finished
 * no later than the page's observed first contentful paint (FCP), in every one of the page's runs
 * (audit.ts: files that race the paint, before it in some runs and after it in others, are listed
 * apart and not counted). Both come from the same
 * unthrottled load Lighthouse records before it simulates the mobile figures, so they share one
 * clock: `network-requests` gives end times relative to its `networkStartTimeTs`, `metrics` gives
 * `observedFirstContentfulPaintTs`, both in microseconds. Unlike counting what index.html links
 * (the entry script, its modulepreloads, the stylesheets), this also counts a lazy route chunk
 * when a client-rendered page waits for it before painting, and leaves out scripts that a page
 * painted without (for instance when its first text is prerendered into the HTML).
 *
 * The sizes are of the files themselves, fetched again and compressed here with zlib (gzip level 9,
 * brotli quality 11), so both figures exist whatever the server chose to send; the build's own
 * Zopfli `.gz` files come out a few percent smaller than gzip -9.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Result } from 'lighthouse';
import type { Bytes } from './types.ts';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkEndTime?: number;
  finished?: boolean;
}

const compressed = new Map<string, Promise<Bytes>>();

async function compress(url: string): Promise<Bytes> {
  // fetch() undoes any content-encoding, so this is the file as built.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const [gzipped, br] = await Promise.all([
    promisify(gzip)(body, { level: 9 }),
    promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  return { gzip: gzipped.length, brotli: br.length };
}

/** Compressed sizes of `url`, fetched and compressed once per bench run. */
function sizes(url: string): Promise<Bytes> {
  let entry = compressed.get(url);
  if (!entry) {
    entry = compress(url);
    compressed.set(url, entry);
  }
  return entry;
}

/** The Script and Stylesheet requests of `lhr` that finished by the observed FCP. */
export function firstRenderRequests(lhr: Result): { js: string[]; css: string[] } {
  const table = lhr.audits['network-requests']?.details as
    { items: NetworkRequest[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = lhr.audits.metrics?.details as
    { items: { observedFirstContentfulPaintTs?: number }[] } | undefined;
  const startTs = table?.debugData?.networkStartTimeTs;
  const fcpTs = metrics?.items[0]?.observedFirstContentfulPaintTs;
  if (!table || startTs === undefined || fcpTs === undefined) {
    throw new Error(`${lhr.finalDisplayedUrl}: no network log or observed FCP in the result`);
  }
  const before = (type: string) => [
    ...new Set(
      table.items
        .filter(
          (request) =>
            request.resourceType === type &&
            request.finished !== false &&
            request.networkEndTime !== undefined &&
            startTs + request.networkEndTime * 1000 <= fcpTs &&
            !request.url.startsWith('data:'),
        )
        .map((request) => request.url),
    ),
  ];
  return { js: before('Script'), css: before('Stylesheet') };
}

/** The summed gzip and brotli sizes of `urls`. */
export async function totalBytes(urls: string[]): Promise<Bytes> {
  const all = await Promise.all(urls.map(sizes));
  return all.reduce(
    (sum, one) => ({ gzip: sum.gzip + one.gzip, brotli: sum.brotli + one.brotli }),
    {
      gzip: 0,
      brotli: 0,
    },
  );
}
