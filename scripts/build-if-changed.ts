/**
 * Builds the web app for `npm start` only when its sources changed since the last build, so a
 * restart answers in seconds instead of rebuilding for half a minute.
 *
 * "Changed" is a content hash of everything the build reads (web/, domain/, content/ and the
 * lock file; tests and build output excluded), kept beside node_modules. The stamp is removed
 * before a build and written after it succeeds, so a build that failed or was interrupted is
 * never taken for a finished one.
 *
 * Two starts in one folder must not build into the same web/dist at once (they deleted each
 * other's files): a build holds `web/.build.lock` (with its pid). Another start waits for it and
 * then checks the hash again, which by then usually matches. A lock left by a process that died
 * is taken over.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../server/src/lib/process-alive.ts';

const ROOT = join(import.meta.dirname, '..');
const INPUTS = ['web', 'domain', 'content', 'package-lock.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const SKIPPED_FILE = /\.test\.tsx?$|\.tsbuildinfo$|^\.build\.lock$/;
const WAIT_MS = 250;

/** Where a checkout keeps what this needs. */
function pathsIn(root: string) {
  return {
    stamp: join(root, 'node_modules', '.cache', 'partak', 'web-build-hash'),
    lock: join(root, 'web', '.build.lock'),
    built: join(root, 'web', 'dist', 'index.html'),
  };
}

/** The files the build reads, in a stable order. */
async function inputFiles(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
  if (!entries) return existsSync(path) ? [path] : [];
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await inputFiles(full)));
    } else if (!SKIPPED_FILE.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** One hash over every input's path and bytes. */
export async function sourceHash(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of await inputFiles(join(root, input))) {
      hash.update(relative(root, file)).update('\0');
      hash.update(await readFile(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

async function isBuilt(root: string, hash: string): Promise<boolean> {
  const { stamp, built } = pathsIn(root);
  return (await readFile(stamp, 'utf8').catch(() => '')) === hash && existsSync(built);
}

/** Takes the build lock, waiting while another live process holds it. */
async function lock(path: string): Promise<void> {
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(path, 'utf8').catch(() => ''));
      // An empty file is a lock being written this very moment: wait for its pid.
      if (holder && !isProcessAlive(holder)) await rm(path, { force: true });
      else await sleep(WAIT_MS);
    }
  }
}

/**
 * Runs `build` unless the last finished build was of the same sources. Resolves to whether it
 * built. Concurrent callers (in any process) build once between them.
 */
export async function buildIfChanged(root: string, build: () => Promise<void>): Promise<boolean> {
  if (await isBuilt(root, await sourceHash(root))) return false;
  const { lock: lockPath, stamp } = pathsIn(root);
  await lock(lockPath);
  // A build that fails exits the process; the lock must not outlive it (exit handlers are sync).
  const release = () => rmSync(lockPath, { force: true });
  process.once('exit', release);
  try {
    // Another start may have built while this one waited for the lock.
    const hash = await sourceHash(root);
    if (await isBuilt(root, hash)) return false;
    await rm(stamp, { force: true });
    await build();
    await mkdir(dirname(stamp), { recursive: true });
    await writeFile(stamp, hash);
    return true;
  } finally {
    release();
    process.off('exit', release);
  }
}

/** `npm run build`, its output shown as it comes. */
async function npmBuild() {
  console.log('Building the web app (its sources changed since the last build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.main) await buildIfChanged(ROOT, npmBuild);
