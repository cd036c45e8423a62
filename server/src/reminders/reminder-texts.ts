import { readFileSync } from 'node:fs';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';

interface PushText {
  title: string;
  body: string;
}

/** The push notification's words in each language (content/reminders), read once. */
const PUSH_TEXTS = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../../../content/reminders/${language}.json`, import.meta.url), 'utf8'),
    ) as PushText,
  ]),
) as Record<Language, PushText>;

export const pushText = (language: Language): PushText => PUSH_TEXTS[language];
