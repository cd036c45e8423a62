import { expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.ts';

/**
 * Every endpoint of the server in one readable file (routes.snapshot.txt), so a review sees the
 * surface a change adds, moves or removes. After such a change: `vitest run -u` and read the diff.
 */
const t = useTestApp();

it('lists every route of the server', async () => {
  await expect(t.app.printRoutes({ commonPrefix: false })).toMatchFileSnapshot(
    './routes.snapshot.txt',
  );
});
