import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryEntrySchema } from '@partak/domain/business-profile';
import { ARES_FAULTS, startAresPeer, type AresPeer } from '../../test/ares-peer.ts';
import { HttpError } from '../lib/http-error.ts';
import { registryLookup } from './registry-lookup.ts';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) =>
      error instanceof HttpError ? `${error.status} ${error.errorCode}` : 'crash',
  );

describe('the ARES lookup, against a local ARES', () => {
  let peer: AresPeer;
  beforeAll(async () => {
    peer = await startAresPeer({ slowMs: 1500 });
  });
  afterAll(() => peer.close());

  it('reads a sole trader and an s. r. o. as the profile needs them', async () => {
    const lookup = registryLookup(peer.url);
    const trader = await lookup('27074358');
    expect(RegistryEntrySchema.parse(trader)).toEqual({
      ico: '27074358',
      name: 'Jana Nováková',
      legalFormCode: '101',
      region: 'jihomoravsky',
      address: 'Údolní 567/33, Veveří, 60200 Brno',
      nace: ['74100', '62010', '73110'],
    });
    expect(RegistryEntrySchema.parse(await lookup('26168685'))).toEqual({
      ico: '26168685',
      name: 'Pekárna U Nováků s.r.o.',
      legalFormCode: '112',
      legalForm: 'sro',
      region: 'praha',
      address: 'Radlická 3294/10a, 15000 Praha',
      nace: ['10710', '47240'],
    });
  });

  it('asks for JSON at the configured address', async () => {
    const before = peer.asked.length;
    await registryLookup(peer.url)('26168685');
    expect(peer.asked.slice(before)).toEqual(['26168685']);
    expect(peer.accepts.at(-1)).toBe('application/json');
    // Nothing listens there: the configured address is the only one asked.
    const elsewhere = registryLookup('http://127.0.0.1:9/rest');
    expect(await codeOf(elsewhere('26168685'))).toBe('503 registry_unavailable');
  });

  it('says not found, refused, or unavailable on a 5xx, a slow answer or broken JSON', async () => {
    const lookup = registryLookup(peer.url, { timeoutMs: 300 });
    expect(await codeOf(lookup(ARES_FAULTS.notFound))).toBe('404 ico_not_found');
    expect(await codeOf(lookup(ARES_FAULTS.refused))).toBe('400 ico_invalid');
    expect(await codeOf(lookup(ARES_FAULTS.serverError))).toBe('503 registry_unavailable');
    const started = Date.now();
    expect(await codeOf(lookup(ARES_FAULTS.slow))).toBe('503 registry_unavailable');
    expect(Date.now() - started).toBeLessThan(1200);
    expect(await codeOf(lookup(ARES_FAULTS.malformed))).toBe('503 registry_unavailable');
  });

  it('never sends ARES anything but eight digits', async () => {
    const before = peer.asked.length;
    expect(await codeOf(registryLookup(peer.url)('1/../x'))).toBe('400 ico_invalid');
    expect(peer.accepts.length - before).toBe(0);
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

  it('keeps no failure, and shares one request between questions asked at once', async () => {
    const lookup = registryLookup(peer.url, { timeoutMs: 3000 });
    const before = peer.asked.length;
    const answers = await Promise.all([lookup(ARES_FAULTS.slow), lookup(ARES_FAULTS.slow)]);
    expect(answers[0]).toEqual(answers[1]);
    expect(peer.asked.length - before).toBe(1);
    await codeOf(lookup(ARES_FAULTS.notFound));
    await codeOf(lookup(ARES_FAULTS.notFound));
    expect(peer.asked.length - before).toBe(3);
  });

  it('keeps only so many answers, dropping the oldest', async () => {
    const lookup = registryLookup(peer.url, { maxEntries: 1 });
    const before = peer.asked.length;
    await lookup('27074358');
    await lookup('26168685');
    await lookup('26168685');
    expect(peer.asked.length - before).toBe(2);
    await lookup('27074358');
    expect(peer.asked.slice(before)).toEqual(['27074358', '26168685', '27074358']);
  });
});
