import { isLanguage, type Language } from '@partak/domain/languages';
import { storageKeys } from '@partak/domain/product';
import { readString, writeString, type WriteResult } from '../storage.ts';
import { browserStore, type DataStore } from './data-store.ts';

/** The choices that belong to the user rather than to a screen. */
export interface Settings {
  /** The language the user chose; null until they choose (then the browser's is used). */
  language: Language | null;
  /** Notifications on (the default) or off. */
  notifications: boolean;
  /** The chat may send the mentor the user's goals (off by default: it is their data). */
  mentorSeesGoals: boolean;
  /** An AI model may see the business profile (off by default, like the goals). */
  mentorSeesProfile: boolean;
}

function readSettings(): Settings {
  const language = readString(storageKeys.language);
  return {
    language: isLanguage(language) ? language : null,
    notifications: readString(storageKeys.notifications) !== 'off',
    mentorSeesGoals: readString(storageKeys.mentorSeesGoals) === 'on',
    mentorSeesProfile: readString(storageKeys.mentorSeesProfile) === 'on',
  };
}

function writeSettings(settings: Settings): WriteResult {
  const results = [
    settings.language ? writeString(storageKeys.language, settings.language) : 'ok',
    writeString(storageKeys.notifications, settings.notifications ? 'on' : 'off'),
    writeString(storageKeys.mentorSeesGoals, settings.mentorSeesGoals ? 'on' : 'off'),
    writeString(storageKeys.mentorSeesProfile, settings.mentorSeesProfile ? 'on' : 'off'),
  ];
  return results.find((result) => result !== 'ok') ?? 'ok';
}

/** Settings, each under its own key as the spec has it (the language choice and the switches). */
export const localSettings: DataStore<Settings> = browserStore(
  [
    storageKeys.language,
    storageKeys.notifications,
    storageKeys.mentorSeesGoals,
    storageKeys.mentorSeesProfile,
  ],
  readSettings,
  writeSettings,
);
