import {
  BusinessProfileRecordSchema,
  type BusinessProfileRecord,
} from '@partak/domain/api/business-profile';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { storageKeys } from '@partak/domain/product';
import { ApiError, apiFetch, apiJson } from '../../../api-client.ts';
import { readString, removeKey } from '../../../storage.ts';
import { localBusinessProfile } from '../../local-business-profile.ts';
import { currentOf } from '../records.ts';
import { defineResource, NOTHING_MERGED } from '../resource.ts';

type Field = keyof BusinessProfile;

/**
 * A change to the business profile, field by field: what the user set and what they cleared. Kept
 * field-wise (not as the whole profile) so that a change made on a stale copy can be re-applied on
 * the server's newer one without undoing fields another device changed meanwhile.
 */
export type BusinessProfileOperation =
  | { kind: 'businessProfile.update'; set: BusinessProfile; unset: Field[] }
  | { kind: 'businessProfile.delete' };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The operations that turn one profile into another (a screen's write, as a diff). */
export function businessProfileChanges(
  before: BusinessProfile,
  after: BusinessProfile,
): BusinessProfileOperation[] {
  if (Object.keys(after).length === 0) {
    return Object.keys(before).length ? [{ kind: 'businessProfile.delete' }] : [];
  }
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && !same(before[key as Field], value)) set[key] = value;
  }
  const unset = (Object.keys(before) as Field[]).filter((key) => after[key] === undefined);
  if (Object.keys(set).length === 0 && unset.length === 0) return [];
  return [{ kind: 'businessProfile.update', set: set as BusinessProfile, unset }];
}

/** `profile` with one update's fields set and cleared. */
function withUpdate(
  profile: BusinessProfile,
  operation: Extract<BusinessProfileOperation, { kind: 'businessProfile.update' }>,
): BusinessProfile {
  const cleared = new Set<string>(operation.unset);
  return Object.fromEntries(
    Object.entries({ ...profile, ...operation.set }).filter(([key]) => !cleared.has(key)),
  ) as BusinessProfile;
}

/** The profile as it will be once `operations` have reached the server. */
export function applyToBusinessProfile(
  profile: BusinessProfile,
  operations: readonly BusinessProfileOperation[],
): BusinessProfile {
  return operations.reduce<BusinessProfile>(
    (current, operation) =>
      operation.kind === 'businessProfile.delete' ? {} : withUpdate(current, operation),
    profile,
  );
}

const put = (profile: BusinessProfile, version: number | undefined, signal: AbortSignal) =>
  apiJson('/business-profile', BusinessProfileRecordSchema, {
    method: 'PUT',
    body: version === undefined ? { profile } : { profile, version },
    signal,
  });

async function sendBusinessProfile(
  operation: BusinessProfileOperation,
  record: BusinessProfileRecord | null,
  signal: AbortSignal,
): Promise<BusinessProfileRecord | null> {
  if (operation.kind === 'businessProfile.delete') {
    await apiFetch('/business-profile', { method: 'DELETE', signal });
    return null;
  }
  try {
    // No record known yet: the PUT without a version makes it.
    return await put(withUpdate(record?.profile ?? {}, operation), record?.version, signal);
  } catch (error) {
    // Changed on another device since our copy (409): the user's change goes on top of the
    // server's profile, so the other device's edits to other fields are kept.
    const current = currentOf(error, BusinessProfileRecordSchema);
    if (current) return put(withUpdate(current.profile, operation), current.version, signal);
    // Deleted on another device since (404): the user's change makes it anew.
    if (error instanceof ApiError && error.status === 404) {
      return put(withUpdate({}, operation), undefined, signal);
    }
    throw error;
  }
}

async function fetchBusinessProfile(signal: AbortSignal): Promise<BusinessProfileRecord | null> {
  try {
    return await apiJson('/business-profile', BusinessProfileRecordSchema, { signal });
  } catch (error) {
    // 404: the account has no profile yet.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const businessProfile = defineResource<
  BusinessProfileRecord | null,
  BusinessProfile,
  BusinessProfileOperation
>({
  kinds: { 'businessProfile.update': true, 'businessProfile.delete': true },
  empty: () => null,
  fetch: fetchBusinessProfile,
  apply: (record, outbox) => applyToBusinessProfile(record?.profile ?? {}, outbox),
  diff: businessProfileChanges,
  send: sendBusinessProfile,
  subject: () => undefined,
  holdsLocal() {
    const stored = readString(storageKeys.businessProfile);
    return stored !== null && stored !== '{}';
  },
  async merge({ account, enqueue }) {
    /*
     * The first sign-in's rule: the browser's profile goes to an account that has none; an account
     * that has one keeps its own (it is the one the user has kept up, possibly on several devices),
     * and the browser's copy is dropped. A profile is one record, so the two are never mixed.
     */
    const stored = await localBusinessProfile.read();
    if (Object.keys(stored).length === 0) return NOTHING_MERGED;
    const moved = (await account()) === null;
    if (moved) await enqueue([{ kind: 'businessProfile.update', set: stored, unset: [] }]);
    return {
      added: moved ? 1 : 0,
      forget: () => removeKey(storageKeys.businessProfile),
    };
  },
});
