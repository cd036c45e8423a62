import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/env.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { useDataApi } from '../../../test/data-api.ts';
import { ARES_FAULTS, startAresPeer, type AresPeer } from '../../../test/ares-peer.ts';

const [pglite] = databaseKinds();

describe('GET /api/v1/registry/{ico}', () => {
  let peer: AresPeer;
  const overrides: Partial<Config> = {};
  // Runs before the app is built (useDataApi's hook), so the app asks this peer.
  beforeAll(async () => {
    peer = await startAresPeer();
    overrides.aresBaseUrl = peer.url;
  });
  afterAll(() => peer.close());
  const data = useDataApi(
    pglite?.open ?? (() => Promise.reject(new Error('no database'))),
    overrides,
  );
  const get = (ico: string) =>
    data.t.app.inject({ url: `/api/v1/registry/${encodeURIComponent(ico)}` });

  it('answers the subject without a sign-in, the IČO as people type it', async () => {
    const res = await get('270 74 358');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ico: '27074358',
      name: 'Jana Nováková',
      region: 'jihomoravsky',
    });
  });

  it('refuses a wrong checksum before asking ARES', async () => {
    const before = peer.asked.length;
    const res = await get('27074359');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'ico_invalid' });
    expect((await get('abc')).json()).toMatchObject({ error_code: 'ico_invalid' });
    expect(peer.asked.length).toBe(before);
  });

  it('passes on not found as 404 and a broken ARES as 503, never a 500', async () => {
    expect((await get(ARES_FAULTS.notFound)).json()).toMatchObject({
      code: 404,
      error_code: 'ico_not_found',
    });
    expect((await get(ARES_FAULTS.serverError)).json()).toMatchObject({
      code: 503,
      error_code: 'registry_unavailable',
    });
  });
});
