import { describe, expect, it } from 'vitest';
import { DICTIONARY_NAMESPACES } from '@partak/domain/dictionaries';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { dictionaryUrl } from './dictionary-urls.ts';
import { dictionaryUrlNow } from './dictionary-urls-now.ts';

describe('dictionaryUrl', () => {
  it('finds every namespace of every language, each at its own file', async () => {
    const seen = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of DICTIONARY_NAMESPACES) {
        const url = await dictionaryUrl(language, namespace);
        expect(dictionaryUrlNow(language, namespace)).toBe(url);
        // Served by Vite here (/@fs/…/cs/home.json); built, content-hashed (…/cs/home-<hash>.json).
        expect(url, `${language}/${namespace}`).toMatch(
          new RegExp(`/${language}/${namespace}(-[\\w-]+)?\\.json$`),
        );
        seen.add(url ?? '');
      }
    }
    expect(seen.size).toBe(SUPPORTED_LANGUAGES.length * DICTIONARY_NAMESPACES.length);
  });

  it('has nothing for a language or namespace that does not exist', async () => {
    expect(await dictionaryUrl('fr', 'home')).toBeUndefined();
    expect(await dictionaryUrl('cs', 'nope')).toBeUndefined();
  });
});
