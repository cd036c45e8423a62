// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';

const LOCALES = new URL('../../../content/locales/', import.meta.url);
const load = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8'));

async function translator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((code) => [
        code,
        {
          goals: load(code, 'goals'),
          history: load(code, 'history'),
          library: load(code, 'library'),
          auth: load(code, 'auth'),
        },
      ]),
    ),
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n);
}

describe('plural forms', () => {
  it('Czech steps agree with the total: z 1 kroku, z 2 kroků, z 5 kroků', async () => {
    const t = await translator('cs');
    expect(t('goals:steps', { done: 0, count: 1 })).toBe('0 z 1 kroku dokončeno');
    expect(t('goals:steps', { done: 1, count: 2 })).toBe('1 z 2 kroků dokončeno');
    expect(t('goals:steps', { done: 4, count: 10 })).toBe('4 z 10 kroků dokončeno');
    expect(t('goals:steps', { done: 3, count: 5 })).toBe('3 z 5 kroků dokončeno');
  });

  it('Czech counts of articles and messages', async () => {
    const t = await translator('cs');
    expect(t('library:articleCount', { count: 1 })).toBe('1 článek');
    expect(t('library:articleCount', { count: 3 })).toBe('3 články');
    expect(t('library:articleCount', { count: 5 })).toBe('5 článků');
    expect(t('history:messageCount', { count: 1 })).toBe('1 zpráva');
    expect(t('history:messageCount', { count: 2 })).toBe('2 zprávy');
    expect(t('history:messageCount', { count: 12 })).toBe('12 zpráv');
  });

  it('Czech counts of verified second factors', async () => {
    const t = await translator('cs');
    expect(t('auth:security.on', { count: 1 })).toMatch(/máš 1 ověřený způsob\.$/);
    expect(t('auth:security.on', { count: 3 })).toMatch(/máš 3 ověřené způsoby\.$/);
    expect(t('auth:security.on', { count: 10 })).toMatch(/máš 10 ověřených způsobů\.$/);
    expect((await translator('en'))('auth:security.on', { count: 1 })).toMatch(
      /1 verified method\.$/,
    );
  });

  it('English, German and Spanish steps are singular for one step only', async () => {
    expect((await translator('en'))('goals:steps', { done: 0, count: 1 })).toBe('0 of 1 step done');
    expect((await translator('en'))('goals:steps', { done: 2, count: 5 })).toBe(
      '2 of 5 steps done',
    );
    expect((await translator('de'))('goals:steps', { done: 0, count: 1 })).toMatch(
      /von 1 Schritt /,
    );
    expect((await translator('es'))('goals:steps', { done: 2, count: 5 })).toMatch(/de 5 pasos/);
  });
});
