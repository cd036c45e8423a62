import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryEntrySchema } from '@partak/domain/business-profile';
import { ARES_FAULTS, startAresPeer, type AresPeer } from '../../test/ares-peer.ts';
import { HttpError } from '../lib/http-error.ts';
import { registryLookup } from './registry-lookup.ts';

describe('the ARES lookup, against a local ARES', () => {
  let peer: AresPeer;
  beforeAll(async () => {
    peer = await startAresPeer({ slowMs: 2000 });
  });
  afterAll(() => peer.close());

  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'answered',
      (error: unknown) =>
        error instanceof HttpError ? `${error.status} ${error.errorCode}` : 'crash',
    );

  it('reads a sole trader and an s. r. o. as the profile needs them', async () => {
    const lookup = registryLookup(peer.url);
    const trader = await lookup('27074358');
    expect(RegistryEntrySchema.parse(trader)).toEqual({
      ico: '27074358',
      name: 'Jana Nováková',
      legalFormCode: '101',
      region: 'jihomoravsky',
      address: 'Údolní 567/33, Veveří, 60200 Brno',
      nace: ['74100', '73110', '62010'],
    });
    expect(await lookup('26168685')).toMatchObject({
      legalForm: 'sro',
      region: 'praha',
      address: 'Radlická 3294/10, 15000 Praha',
    });
  });

  it('says not found, unavailable on a 5xx, a slow answer or broken JSON', async () => {
    const lookup = registryLookup(peer.url, { timeoutMs: 300 });
    expect(await codeOf(lookup(ARES_FAULTS.notFound))).toBe('404 ico_not_found');
    expect(await codeOf(lookup(ARES_FAULTS.serverError))).toBe('503 registry_unavailable');
    expect(await codeOf(lookup(ARES_FAULTS.slow))).toBe('503 registry_unavailable');
    expect(await codeOf(lookup(ARES_FAULTS.malformed))).toBe('503 registry_unavailable');
  });

  it('asks ARES once a day per IČO, and again after', async () => {
    let now = 0;
    const lookup = registryLookup(peer.url, { now: () => now });
    const before = peer.asked.length;
    await lookup('26168685');
    await lookup('26168685');
    expect(peer.asked.length - before).toBe(1);
    now = 25 * 3_600_000;
    await lookup('26168685');
    expect(peer.asked.length - before).toBe(2);
  });
});
