import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BusinessProfileRecord } from '@partak/domain/api/business-profile';
import { businessProfiles } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { apiUser, useDataApi } from '../../../test/data-api.ts';

const profile = {
  trade: 'grafička',
  tradeKind: 'design',
  region: 'jihomoravsky',
  legalForm: 'zivnost-main',
  taxRegime: 'pausalni-dan',
  pausalBand: 1,
  ico: '26168685',
} as const;

describe.each(databaseKinds())('/api/v1/business-profile on $name', ({ open }) => {
  const data = useDataApi(open);

  it('needs an access token', async () => {
    const res = await data.t.app.inject({ url: '/api/v1/business-profile' });
    expect(res.statusCode).toBe(401);
  });

  it('is made, read, changed on its version and deleted', async () => {
    const user = await apiUser(data.t, 'profile');
    expect((await user.call('GET', '/business-profile')).statusCode).toBe(404);
    const made = await user.call('PUT', '/business-profile', { profile });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ profile, version: 1 });
    expect((await user.call('GET', '/business-profile')).json()).toEqual(made.json());

    const changed = await user.call('PUT', '/business-profile', {
      profile: { ...profile, pausalBand: 2 },
      version: 1,
    });
    expect(changed.json()).toMatchObject({ profile: { pausalBand: 2 }, version: 2 });

    expect((await user.call('DELETE', '/business-profile')).statusCode).toBe(204);
    expect((await user.call('DELETE', '/business-profile')).statusCode).toBe(204);
    expect((await user.call('GET', '/business-profile')).statusCode).toBe(404);
  });

  it('refuses a stale version with 409 and the current profile', async () => {
    const user = await apiUser(data.t, 'stale');
    await user.call('PUT', '/business-profile', { profile });
    await user.call('PUT', '/business-profile', { profile: { trade: 'z telefonu' }, version: 1 });
    const stale = await user.call('PUT', '/business-profile', {
      profile: { trade: 'z notebooku' },
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error_code: 'conflict',
      current: { profile: { trade: 'z telefonu' }, version: 2 },
    });
  });

  it('refuses bad input without losing what is kept', async () => {
    const user = await apiUser(data.t, 'bad');
    await user.call('PUT', '/business-profile', { profile });
    for (const bad of [
      { profile: { ico: '26168686' } },
      { profile: { pausalBand: 4 } },
      { profile: { billableHoursPerWeek: 100 } },
      { profile: { trade: 'x'.repeat(121) } },
      { profile: 'grafika' },
    ]) {
      const res = await user.call('PUT', '/business-profile', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
    expect((await user.call('GET', '/business-profile')).json()).toMatchObject({ profile });
  });

  it('is no one else’s to read or change', async () => {
    const { ema, mallory } = data;
    await ema.call('PUT', '/business-profile', { profile });
    expect((await mallory.call('GET', '/business-profile')).statusCode).toBe(404);
    expect((await mallory.call('DELETE', '/business-profile')).statusCode).toBe(204);
    const theirs = await mallory.call('PUT', '/business-profile', {
      profile: { trade: 'mallory' },
    });
    expect(theirs.json()).toMatchObject({ profile: { trade: 'mallory' }, version: 1 });
    expect((await ema.call('GET', '/business-profile')).json()).toMatchObject({
      profile,
      version: 1,
    });
  });

  it('is replaced whole by a put without a version, and a versioned put needs one to change', async () => {
    const user = await apiUser(data.t, 'merge');
    const missing = await user.call('PUT', '/business-profile', { profile, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'not_found' });
    await user.call('PUT', '/business-profile', { profile });
    const merged = await user.call('PUT', '/business-profile', { profile: { trade: 'pekař' } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ profile: { trade: 'pekař' }, version: 2 });
    expect(merged.json<BusinessProfileRecord>().profile).not.toHaveProperty('legalForm');
  });

  it('is in the export and goes with the account', async () => {
    const user = await apiUser(data.t, 'leaving-profile');
    await user.call('PUT', '/business-profile', { profile });
    const exported = await user.call('GET', '/account/export');
    expect(exported.json()).toMatchObject({ businessProfile: { profile, version: 1 } });
    expect((await user.call('DELETE', '/account', { password: user.password })).statusCode).toBe(
      204,
    );
    const { db } = data.t.database;
    const rows = await db
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('exports none as null', async () => {
    const user = await apiUser(data.t, 'no-profile');
    const exported = await user.call('GET', '/account/export');
    expect(exported.json<{ businessProfile: BusinessProfileRecord | null }>().businessProfile).toBe(
      null,
    );
  });
});
