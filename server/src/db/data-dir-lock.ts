import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';

/**
 * PGlite is one process's database: two servers on one DATA_DIR would corrupt it. The first takes
 * `DATA_DIR/partak.lock` (holding its pid); another refuses to start while that process lives. A
 * lock left by a process that died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'partak.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(path, 'utf8').catch(() => ''));
      if (holder && isProcessAlive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Parťák server (pid ${holder}). ` +
            'Stop it, or give this one its own DATA_DIR (or a DATABASE_URL).',
          { cause: error },
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${path}.`);
}
