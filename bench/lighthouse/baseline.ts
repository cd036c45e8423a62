/**
 * The page-speed baseline: bench/baseline (a bare React 19 "hello") built by Vite into a temporary
 * folder and served from memory on loopback, compressed the way the real server compresses its
 * build (brotli when the browser accepts it, else gzip), so only the pages differ.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, type PluginOption } from 'vite';
import type { Served } from './types.ts';

const ROOT = join(import.meta.dirname, '..', 'baseline');
const WEB = join(import.meta.dirname, '..', '..', 'web');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** @vitejs/plugin-react is installed in the web workspace only, so it is loaded from there. */
async function reactPlugin(): Promise<PluginOption> {
  const path = createRequire(join(WEB, 'package.json')).resolve('@vitejs/plugin-react');
  const plugin = (await import(pathToFileURL(path).href)) as { default: () => PluginOption };
  return plugin.default();
}

interface File {
  type: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

async function compressAll(outDir: string): Promise<Map<string, File>> {
  const files = new Map<string, File>();
  const names = await readdir(outDir, { recursive: true, withFileTypes: true });
  for (const entry of names) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const raw = await readFile(path);
    const [gzipped, br] = await Promise.all([
      promisify(gzip)(raw, { level: 9 }),
      promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    const url = `/${path
      .slice(outDir.length + 1)
      .split('\\')
      .join('/')}`;
    files.set(url, {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      raw,
      gzip: gzipped,
      br,
    });
  }
  return files;
}

async function buildBaseline(): Promise<Map<string, File>> {
  const outDir = await mkdtemp(join(tmpdir(), 'partak-bench-baseline-'));
  try {
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      plugins: [await reactPlugin()],
      build: { outDir, emptyOutDir: true },
    });
    return await compressAll(outDir);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Builds the baseline and serves it on 127.0.0.1:`port` (0: any free port). */
export async function serveBaseline(port: number): Promise<Served> {
  const files = await buildBaseline();
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const file = files.get(path === '/' ? '/index.html' : path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : '';
    const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.raw;
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
