import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessProfileRecord } from '@partak/domain/api/business-profile';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { storageKeys } from '@partak/domain/product';
import { setAuthState } from '../../../auth-state.ts';
import {
  applyToBusinessProfile,
  businessProfile,
  businessProfileChanges,
  type BusinessProfileOperation,
} from './business-profile.ts';

const AT = '2026-11-20T10:00:00.000Z';
const record = (profile: BusinessProfile, version: number): BusinessProfileRecord => ({
  profile,
  version,
  updatedAt: AT,
});

describe('business profile changes as operations', () => {
  it('sends the fields that changed and the ones cleared', () => {
    const before: BusinessProfile = { trade: 'Grafika', region: 'praha', vat: 'none' };
    const after: BusinessProfile = { trade: 'Grafika', region: 'jihomoravsky', stage: 'living' };
    const operations = businessProfileChanges(before, after);
    expect(operations).toEqual([
      {
        kind: 'businessProfile.update',
        set: { region: 'jihomoravsky', stage: 'living' },
        unset: ['vat'],
      },
    ]);
    expect(applyToBusinessProfile(before, operations)).toEqual(after);
    expect(businessProfileChanges(after, { ...after })).toEqual([]);
  });

  it('compares the ARES entry by value, and an emptied profile is a delete', () => {
    const registry = { ico: '27074358', name: 'Firma s.r.o.', nace: ['62010'] };
    const profile: BusinessProfile = { ico: '27074358', registry };
    expect(businessProfileChanges(profile, { ...profile, registry: { ...registry } })).toEqual([]);
    expect(businessProfileChanges(profile, {})).toEqual([{ kind: 'businessProfile.delete' }]);
    expect(businessProfileChanges({}, {})).toEqual([]);
    const queued: BusinessProfileOperation[] = [
      { kind: 'businessProfile.delete' },
      { kind: 'businessProfile.update', set: { stage: 'idea' }, unset: [] },
    ];
    expect(applyToBusinessProfile(profile, queued)).toEqual({ stage: 'idea' });
    expect(businessProfile.apply(null, [])).toEqual({});
    expect(businessProfile.apply(record({ stage: 'growing' }, 3), [])).toEqual({ stage: 'growing' });
  });
});

describe('the business profile on the server', () => {
  const requests: { method: string; body: unknown }[] = [];
  let server: BusinessProfileRecord | null;
  const signal = new AbortController().signal;

  beforeEach(() => {
    setAuthState({ status: 'signedOut', user: null });
    server = null;
    // The server's versioned PUT, as the API defines it (domain/src/api/business-profile.ts).
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/v1/business-profile');
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      requests.push({ method, body });
      const json = (value: unknown, status = 200) =>
        new Response(JSON.stringify(value), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (method === 'GET') {
        return server ? json(server) : json({ error_code: 'not_found', message: 'none' }, 404);
      }
      if (method === 'DELETE') {
        server = null;
        return new Response(null, { status: 204 });
      }
      if (body?.version !== undefined && !server) {
        return json({ error_code: 'not_found', message: 'none' }, 404);
      }
      if (body?.version !== undefined && body.version !== server?.version) {
        return json({ error_code: 'conflict', message: 'stale', current: server }, 409);
      }
      server = record(body?.profile as BusinessProfile, (server?.version ?? 0) + 1);
      return json(server);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    requests.length = 0;
    localStorage.clear();
  });

  it('reads an account without a profile as none, and one with a profile as its record', async () => {
    expect(await businessProfile.fetch(signal)).toBeNull();
    server = record({ trade: 'Účetnictví' }, 2);
    expect(await businessProfile.fetch(signal)).toEqual(server);
  });

  it('puts the whole profile with the version it was changed on', async () => {
    const made = await businessProfile.send(
      { kind: 'businessProfile.update', set: { trade: 'Foto' }, unset: [] },
      null,
      signal,
    );
    expect(requests.at(-1)).toEqual({ method: 'PUT', body: { profile: { trade: 'Foto' } } });
    const changed = await businessProfile.send(
      { kind: 'businessProfile.update', set: { stage: 'idea' }, unset: ['trade'] },
      made,
      signal,
    );
    expect(requests.at(-1)).toEqual({ method: 'PUT', body: { profile: { stage: 'idea' }, version: 1 } });
    expect(changed).toEqual(record({ stage: 'idea' }, 2));
    expect(await businessProfile.send({ kind: 'businessProfile.delete' }, changed, signal)).toBeNull();
    expect(server).toBeNull();
  });

  it('on a stale version (409) re-applies the user’s change on the server’s newer profile', async () => {
    const ours = record({ trade: 'Foto', region: 'praha' }, 1);
    // Another device changed the stage meanwhile.
    server = record({ trade: 'Foto', region: 'praha', stage: 'growing' }, 2);
    const result = await businessProfile.send(
      { kind: 'businessProfile.update', set: { region: 'zlinsky' }, unset: [] },
      ours,
      signal,
    );
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'PUT']);
    expect(result).toEqual(record({ trade: 'Foto', region: 'zlinsky', stage: 'growing' }, 3));
  });

  it('makes the profile anew when another device deleted it meanwhile (404)', async () => {
    const result = await businessProfile.send(
      { kind: 'businessProfile.update', set: { stage: 'idea' }, unset: [] },
      record({ trade: 'Foto' }, 5),
      signal,
    );
    expect(requests.map((request) => request.body)).toEqual([
      { profile: { trade: 'Foto', stage: 'idea' }, version: 5 },
      { profile: { stage: 'idea' } },
    ]);
    expect(result).toEqual(record({ stage: 'idea' }, 1));
  });

  describe('a first sign-in’s merge', () => {
    const mergeWith = async (account: BusinessProfileRecord | null) => {
      const enqueued: BusinessProfileOperation[] = [];
      const merged = await businessProfile.merge({
        signal,
        account: async () => account,
        enqueue: async (operations) => void enqueued.push(...operations),
      });
      return { merged, enqueued };
    };

    it('brings the browser’s profile to an account that has none', async () => {
      const local = { trade: 'Kadeřnictví', onboardedAt: AT };
      localStorage.setItem(storageKeys.businessProfile, JSON.stringify(local));
      expect(businessProfile.holdsLocal()).toBe(true);
      const { merged, enqueued } = await mergeWith(null);
      expect(enqueued).toEqual([{ kind: 'businessProfile.update', set: local, unset: [] }]);
      expect(merged.added).toBe(1);
      merged.forget();
      expect(localStorage.getItem(storageKeys.businessProfile)).toBeNull();
    });

    it('keeps the account’s own profile over the browser’s', async () => {
      localStorage.setItem(storageKeys.businessProfile, JSON.stringify({ trade: 'Kadeřnictví' }));
      const { merged, enqueued } = await mergeWith(record({ trade: 'IT' }, 4));
      expect(enqueued).toEqual([]);
      expect(merged.added).toBe(0);
    });

    it('has nothing to bring when the browser holds no profile', async () => {
      expect(businessProfile.holdsLocal()).toBe(false);
      const { merged, enqueued } = await mergeWith(null);
      expect(enqueued).toEqual([]);
      expect(merged.added).toBe(0);
    });
  });
});
