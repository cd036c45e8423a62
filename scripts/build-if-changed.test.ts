import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged } from './build-if-changed.ts';

let root: string;
let builds: number;

/** A stand-in for `npm run build`: slow enough to overlap, and it writes what a build writes. */
async function build() {
  builds++;
  await rm(join(root, 'web', 'dist'), { recursive: true, force: true });
  await sleep(150);
  await mkdir(join(root, 'web', 'dist'), { recursive: true });
  await writeFile(join(root, 'web', 'dist', 'index.html'), '<!doctype html>');
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'partak-build-'));
  builds = 0;
  await mkdir(join(root, 'web', 'src'), { recursive: true });
  await mkdir(join(root, 'content'), { recursive: true });
  await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export {};');
  await writeFile(join(root, 'web', 'src', 'main.test.tsx'), 'test');
  await writeFile(join(root, 'content', 'article.md'), '# Ahoj');
  await writeFile(join(root, 'package-lock.json'), '{}');
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('building the web app for npm start', () => {
  it('builds the first time, and not again while the sources stay the same', async () => {
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(await buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(1);
  });

  it('builds again when a source or the content changes, not when only a test does', async () => {
    await buildIfChanged(root, build);
    await writeFile(join(root, 'web', 'src', 'main.test.tsx'), 'another test');
    expect(await buildIfChanged(root, build)).toBe(false);
    await writeFile(join(root, 'content', 'article.md'), '# Nazdar');
    expect(await buildIfChanged(root, build)).toBe(true);
    await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export const x = 1;');
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(3);
  });

  it('builds again when the output is gone, or the last build never finished', async () => {
    await buildIfChanged(root, build);
    await rm(join(root, 'web', 'dist'), { recursive: true });
    expect(await buildIfChanged(root, build)).toBe(true);

    await writeFile(join(root, 'content', 'article.md'), '# Changed');
    const failing = async () => {
      await build();
      throw new Error('the build broke');
    };
    await expect(buildIfChanged(root, failing)).rejects.toThrow('the build broke');
    // The files of the broken build are there, but it never finished: the next start builds.
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(existsSync(join(root, 'web', '.build.lock'))).toBe(false);
  });

  it('lets two starts at once build once between them, both waiting for the output', async () => {
    const starts = await Promise.all([buildIfChanged(root, build), buildIfChanged(root, build)]);
    expect(starts.sort()).toEqual([false, true]);
    expect(builds).toBe(1);
    expect(await readFile(join(root, 'web', 'dist', 'index.html'), 'utf8')).toContain('doctype');
  });

  it('takes over a lock left behind by a start that died', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    await writeFile(join(root, 'web', '.build.lock'), String(dead.pid));
    expect(await buildIfChanged(root, build)).toBe(true);
    expect(existsSync(join(root, 'web', '.build.lock'))).toBe(false);
  });
});
