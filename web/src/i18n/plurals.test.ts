// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { takesZe } from './czech-ze.ts';

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
  it('steps read as the spec writes them, with "z" or "ze" as the number is read', async () => {
    const t = await translator('cs');
    const steps = (done: number, count: number) =>
      t('goals:steps', { done, count, context: takesZe(count) ? 'ze' : undefined });
    expect(steps(0, 1)).toBe('0 z 1 kroku dokončeno');
    expect(steps(3, 4)).toBe('3 ze 4 kroků dokončeno');
    expect(steps(2, 5)).toBe('2 z 5 kroků dokončeno');
    expect(steps(4, 10)).toBe('4 z 10 kroků dokončeno');
    expect(steps(1, 7)).toBe('1 ze 7 kroků dokončeno');
    expect(steps(9, 12)).toBe('9 ze 12 kroků dokončeno');
    expect(steps(50, 100)).toBe('50 ze 100 kroků dokončeno');
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
    const en = await translator('en');
    expect(en('goals:steps', { done: 2, count: 5 })).toBe('2 of 5 steps completed');
    expect(en('goals:steps', { done: 0, count: 1, context: 'ze' })).toBe('0 of 1 step completed');
    expect((await translator('de'))('goals:steps', { done: 1, count: 1 })).toBe(
      '1 von 1 Schritt erledigt',
    );
    expect((await translator('de'))('goals:steps', { done: 2, count: 4, context: 'ze' })).toBe(
      '2 von 4 Schritten erledigt',
    );
    expect((await translator('es'))('goals:steps', { done: 2, count: 5 })).toBe(
      '2 de 5 pasos completados',
    );
  });
});
