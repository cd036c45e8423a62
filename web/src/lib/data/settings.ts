import type { Language } from '@partak/domain/languages';
import { showLanguage } from '@/i18n/i18n.ts';
import { accountOrLocal } from './account-data.ts';
import type { DataStore } from './data-store.ts';
import { localSettings, type Settings } from './local-settings.ts';

export type { Settings } from './local-settings.ts';

/**
 * The settings of whoever uses the app. Signed in, they follow the account, and every change is
 * also kept in this browser's keys, which the app reads before anything loads (its language).
 */
export const settingsStore: DataStore<Settings> = accountOrLocal(localSettings, (sync) => ({
  ...sync.settings,
  async write(change) {
    const result = await sync.settings.write(change);
    await localSettings.write(change);
    return result;
  },
}));

/**
 * Switches the interface language and remembers it as the user's choice. If the choice cannot be
 * stored (full or blocked storage), the switch still applies to this visit.
 */
export async function setLanguage(language: Language): Promise<void> {
  await settingsStore.write((settings) => ({ ...settings, language }));
  await showLanguage(language);
}
