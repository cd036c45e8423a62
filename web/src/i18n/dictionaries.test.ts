// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DICTIONARY_NAMESPACES } from '@partak/domain/dictionaries';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';

const LOCALES = fileURLToPath(new URL('../../../content/locales', import.meta.url));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else into.set(prefix, String(value));
  return into;
}

function load(language: Language, namespace: string): Flat {
  return flatten(JSON.parse(readFileSync(`${LOCALES}/${language}/${namespace}.json`, 'utf8')));
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * Czech-only variants: a `_ze` key is the text with "ze" instead of "z" before a number read with
 * s, z, š, ž, dv, tř or čt (i18n/czech-ze.ts). Other languages have no such preposition and fall
 * back to the key without it.
 */
const CZECH_ONLY = /_ze$/;

/** Keys with plural forms are grouped under their base key; each language has its own forms. */
function groups(flat: Flat): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [key, text] of flat) {
    const base = key.replace(PLURAL_SUFFIX, '');
    result.set(base, [...(result.get(base) ?? []), text]);
  }
  return result;
}

describe('UI dictionaries', () => {
  it('exist for every language and exactly the spec’s sections', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const files = readdirSync(`${LOCALES}/${language}`).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort(), language).toEqual([...DICTIONARY_NAMESPACES].sort());
    }
  });

  for (const namespace of DICTIONARY_NAMESPACES) {
    describe(namespace, () => {
      const sourceFlat = load(DEFAULT_LANGUAGE, namespace);
      const source = groups(sourceFlat);
      const isPlural = (key: string) =>
        [...sourceFlat.keys()].some((k) => k !== key && k.replace(PLURAL_SUFFIX, '') === key);

      for (const language of SUPPORTED_LANGUAGES) {
        it(`${language} has every key with text and the same variables as cs`, () => {
          const flat = load(language, namespace);
          const translated = groups(flat);
          const pluralForms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          for (const [key, texts] of source) {
            if (language !== DEFAULT_LANGUAGE && CZECH_ONLY.test(key)) continue;
            const here = translated.get(key);
            expect(here, `${language}/${namespace}: ${key} is missing`).toBeDefined();
            for (const text of here ?? []) {
              expect(text.trim(), `${language}/${namespace}: ${key} is empty`).not.toBe('');
            }
            const sourceVars = [...new Set(texts.flatMap(variables))].sort();
            const hereVars = [...new Set((here ?? []).flatMap(variables))].sort();
            expect(hereVars, `${language}/${namespace}: ${key} variables`).toEqual(sourceVars);
            if (isPlural(key)) {
              for (const form of pluralForms) {
                expect(flat.has(`${key}_${form}`), `${language}/${namespace}: ${key}_${form}`).toBe(
                  true,
                );
              }
            }
          }
          for (const key of translated.keys()) {
            expect(source.has(key), `${language}/${namespace}: ${key} is not in cs`).toBe(true);
          }
        });
      }
    });
  }
});
