import { readFileSync } from 'node:fs';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';

interface PushText {
  title: string;
  body: string;
}

/** The words of a deadline reminder: a title for tomorrow or in `{{days}}` days, and a body. */
interface DeadlineWords {
  tomorrow: string;
  inDays: string;
  body: string;
}

/** The push notification's words in each language (content/reminders), read once. */
const PUSH_TEXTS = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../../../content/reminders/${language}.json`, import.meta.url), 'utf8'),
    ) as PushText & { deadline: DeadlineWords },
  ]),
) as Record<Language, PushText & { deadline: DeadlineWords }>;

export const pushText = (language: Language): PushText => {
  const { title, body } = PUSH_TEXTS[language];
  return { title, body };
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** "Zítra máš termín" / "Za 3 dny máš termín", and what and when (days: 1 to 3). */
export function deadlinePushText(
  language: Language,
  days: number,
  what: string,
  date: string,
): PushText {
  const words = PUSH_TEXTS[language].deadline;
  return {
    title: days === 1 ? words.tomorrow : fill(words.inDays, { days: String(days) }),
    body: fill(words.body, { what, date }),
  };
}
