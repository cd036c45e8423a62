import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { promisify } from 'node:util';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
const COMPRESSIBLE = /\.(?:js|css|html|json|svg|txt|webmanifest)$/;

/**
 * Writes `<path>.br` (brotli, highest quality) and `<path>.gz` beside a file. The gzip twin is
 * made with Zopfli, or with zlib -9 when `quick` (hundreds of small prerendered pages, where
 * Zopfli's few bytes cost a minute of build).
 */
export async function writeCompressedTwins(path: string, quick = false): Promise<void> {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    quick ? gzip(source, { level: 9 }) : gzipAsync(source, { numiterations: 15 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
}

/**
 * Writes a `.br` and a `.gz` twin beside every text file of the build, so the server sends
 * compressed files without compressing anything per request. Brotli runs at its highest quality;
 * the gzip twin is made with Zopfli, which writes standard gzip a few percent smaller than zlib -9.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'partak:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        COMPRESSIBLE.test(file),
      );
      await Promise.all(files.map((file) => writeCompressedTwins(join(outDir, file))));
    },
  };
}
