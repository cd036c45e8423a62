import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/env.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { ROOMY_LIMITS, useDataApi } from '../../../test/data-api.ts';
import { ARES_FAULTS, startAresPeer, type AresPeer } from '../../../test/ares-peer.ts';
import { registryLimitOf } from './registry.ts';

const [pglite] = databaseKinds();

describe('GET /api/v1/registry/{ico}', () => {
  let peer: AresPeer;
  const overrides: Partial<Config> = {
    // 12 per window for this route: room for the tests, and a limit one test reaches.
    rateLimits: { ...ROOMY_LIMITS, verify: { max: 36, windowSeconds: 300 } },
  };
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
  // Each test comes from its own address, so the rate limit counts each apart.
  const get = (ico: string, from: string) =>
    data.t.app.inject({ url: `/api/v1/registry/${ico}`, remoteAddress: from });

  it('answers the subject without a sign-in, the IČO as people type it', async () => {
    const res = await get(encodeURIComponent('270 74 358'), '192.0.2.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ico: '27074358',
      name: 'Jana Nováková',
      legalFormCode: '101',
      region: 'jihomoravsky',
      address: 'Údolní 567/33, Veveří, 60200 Brno',
      nace: ['74100', '62010', '73110'],
    });
    expect(peer.asked.at(-1)).toBe('27074358');
    expect(peer.accepts.at(-1)).toBe('application/json');
  });

  it('asks ARES once for an IČO asked again', async () => {
    const before = peer.asked.length;
    const first = await get('26168685', '192.0.2.2');
    const second = await get('26168685', '192.0.2.2');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toMatchObject({ legalForm: 'sro', region: 'praha' });
    expect(peer.asked.length - before).toBe(1);
  });

  it('refuses a wrong checksum or no number before asking ARES', async () => {
    const before = peer.accepts.length;
    for (const ico of ['27074359', 'abc', '123456789', '%25', 'x'.repeat(90)]) {
      const res = await get(ico, '192.0.2.3');
      expect(res.statusCode, ico).toBe(400);
      expect(res.json(), ico).toMatchObject({ code: 400, error_code: 'ico_invalid' });
    }
    // A path the router cannot decode is its own 400, still a client's mistake.
    expect((await get('%E0%A4%A', '192.0.2.3')).statusCode).toBe(400);
    expect(peer.accepts.length).toBe(before);
  });

  it("passes on ARES's not found and refusal, and a broken ARES as 503, never a 500", async () => {
    const expectations = [
      [ARES_FAULTS.notFound, 404, 'ico_not_found'],
      [ARES_FAULTS.refused, 400, 'ico_invalid'],
      [ARES_FAULTS.serverError, 503, 'registry_unavailable'],
      [ARES_FAULTS.malformed, 503, 'registry_unavailable'],
      // Slower than our 4-second timeout (the peer waits 6).
      [ARES_FAULTS.slow, 503, 'registry_unavailable'],
    ] as const;
    for (const [ico, status, code] of expectations) {
      const res = await get(ico, '192.0.2.4');
      expect(res.statusCode, ico).toBe(status);
      expect(res.json(), ico).toMatchObject({ code: status, error_code: code });
      expect(JSON.stringify(res.json()), ico).not.toContain('127.0.0.1');
    }
  }, 15_000);

  it('limits each address tighter than the other public routes', async () => {
    const { max } = registryLimitOf({ max: 36, windowSeconds: 300 });
    expect(max).toBe(12);
    for (let i = 0; i < max; i += 1) {
      expect((await get('26168685', '192.0.2.5')).statusCode).toBe(200);
    }
    const refused = await get('26168685', '192.0.2.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect((await get('26168685', '192.0.2.6')).statusCode).toBe(200);
  });
});
