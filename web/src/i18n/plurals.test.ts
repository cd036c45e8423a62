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
  it('steps read right for any total (no "z"/"ze" to get wrong: 3/4, 2/10)', async () => {
    const t = await translator('cs');
    expect(t('goals:steps', { done: 0, count: 1 })).toBe('Hotové kroky: 0/1');
    expect(t('goals:steps', { done: 3, count: 4 })).toBe('Hotové kroky: 3/4');
    expect(t('goals:steps', { done: 4, count: 10 })).toBe('Hotové kroky: 4/10');
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

  it('English, German and Spanish steps read the same way', async () => {
    expect((await translator('en'))('goals:steps', { done: 2, count: 5 })).toBe('Steps done: 2/5');
    expect((await translator('de'))('goals:steps', { done: 1, count: 1 })).toBe(
      'Erledigte Schritte: 1/1',
    );
    expect((await translator('es'))('goals:steps', { done: 2, count: 5 })).toBe(
      'Pasos completados: 2/5',
    );
  });
});
