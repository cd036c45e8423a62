import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.ts';

describe('the server process flags', () => {
  it('are the ones `npm start` runs the server with', async () => {
    const root = new URL('../../package.json', import.meta.url);
    const { scripts } = JSON.parse(await readFile(root, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`node ${NODE_FLAGS.join(' ')} server/src/main.ts`);
  });
});
