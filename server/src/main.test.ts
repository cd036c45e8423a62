import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/free-port.ts';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, exited: Promise<unknown>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server exited before it answered');
}

describe('the server process', () => {
  it('refuses to start on bad configuration, naming every bad variable', async () => {
    const { exited, output } = start({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT="abc"');
    expect(output()).toContain('LOG_LEVEL="loud"');
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'partak-main-'));
    const port = await freePort();
    const { child, exited, output } = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'nested'),
      LOG_LEVEL: 'info',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, exited);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output()).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
