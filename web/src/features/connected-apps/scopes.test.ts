import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.ts';
import { scopeSentences } from './scopes.ts';

const t = () => i18n.getFixedT('cs', 'auth');

describe('scopeSentences', () => {
  it('says what each known scope allows, in a fixed order, and names others as they are', () => {
    expect(scopeSentences('phone  custom:thing openid email openid', t())).toEqual([
      'Ověřit, že jsi to ty, a poznat tvůj účet v Parťákovi',
      'Vidět tvou e-mailovou adresu',
      'Vidět tvoje telefonní číslo',
      'Další oprávnění: custom:thing',
    ]);
    expect(scopeSentences(['profile'], t())).toEqual(['Vidět základní údaje z tvého profilu']);
  });

  it('says the app only confirms who you are when it asks for nothing', () => {
    expect(scopeSentences(' ', t())).toEqual(['Jen ověřit, že jsi to ty']);
    expect(scopeSentences([], t())).toEqual(['Jen ověřit, že jsi to ty']);
  });
});
