import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, startServer } from '../test/server-process.ts';

describe('the server process', () => {
  it('refuses to start on bad configuration, naming every bad variable', async () => {
    const { exited, output } = spawnServer({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT="abc"');
    expect(output()).toContain('LOG_LEVEL="loud"');
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-main-'));
    try {
      const server = await startServer({ LOG_LEVEL: 'info' }, { dataDir: join(dataDir, 'nested') });
      await server.stop();
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
