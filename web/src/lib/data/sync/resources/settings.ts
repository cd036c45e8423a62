import {
  DEFAULT_USER_SETTINGS,
  UserSettingsSchema,
  type UserSettings,
} from '@partak/domain/api/account';
import { apiJson } from '../../../api-client.ts';
import { localSettings } from '../../local-settings.ts';
import { defineResource, NOTHING_MERGED } from '../resource.ts';

/** The settings that changed; the last change wins. */
export interface SettingsOperation {
  kind: 'settings.update';
  change: Partial<UserSettings>;
}

/** The settings that changed. */
export function settingsChanges(before: UserSettings, after: UserSettings): SettingsOperation[] {
  const change = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof UserSettings] !== value),
  ) as Partial<UserSettings>;
  return Object.keys(change).length ? [{ kind: 'settings.update', change }] : [];
}

export function applyToSettings(
  settings: UserSettings,
  operations: readonly SettingsOperation[],
): UserSettings {
  return operations.reduce((current, operation) => ({ ...current, ...operation.change }), settings);
}

export const settings = defineResource<UserSettings, UserSettings, SettingsOperation>({
  kinds: { 'settings.update': true },
  empty: () => DEFAULT_USER_SETTINGS,
  fetch: (signal) => apiJson('/settings', UserSettingsSchema, { signal }),
  apply: applyToSettings,
  diff: settingsChanges,
  send: (operation, _settings, signal) =>
    apiJson('/settings', UserSettingsSchema, {
      method: 'PATCH',
      body: operation.change,
      signal,
    }),
  subject: () => undefined,
  // The language key is read before anything loads: it stays, and counts as no data of its own.
  holdsLocal: () => false,
  async merge({ account, enqueue }) {
    // The language chosen here goes to an account that has none.
    const { language } = await localSettings.read();
    if (language && (await account()).language === null) {
      await enqueue([{ kind: 'settings.update', change: { language } }]);
    }
    return NOTHING_MERGED;
  },
});
