import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Figures } from '@partak/domain/figures';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { quoteProblem } from '../answers/quotes.ts';
import { loadLibraryTexts, LIBRARY_DIR } from './library-texts.ts';
import { loadSummaries, SUMMARIES_FILE } from './summaries.ts';

const figures = JSON.parse(await readFile(join(LIBRARY_DIR, 'figures.json'), 'utf8')) as Figures;
const summaries = await loadSummaries(figures);
const raw = JSON.parse(await readFile(SUMMARIES_FILE, 'utf8')) as Record<
  string,
  { from: number; cs: string; en: string; de: string; es: string }[]
>;
delete raw._about;
const texts = await loadLibraryTexts();
const cast = (await readFile(join(LIBRARY_DIR, 'CAST.md'), 'utf8'))
  .split('\n')
  .map((line) => /^\| ([A-ZČŘŠŽ][a-záéíóúůýčďěňřšťž]+) +\|/u.exec(line)?.[1])
  .filter((name): name is string => name !== undefined && name !== 'Jméno');

describe('the summaries of the library (content/mentor/summaries.json)', () => {
  it('cover every article of the library', () => {
    expect(summaries.missing()).toEqual([]);
  });

  it('split each article at paragraphs it has, in order, from its first', () => {
    for (const [key, sections] of Object.entries(raw)) {
      const id = key.split('/')[1];
      const czech = texts.find((text) => text.articleId === id && text.language === 'cs');
      expect(czech, key).toBeDefined();
      expect(sections[0]?.from, key).toBe(0);
      const starts = sections.map((section) => section.from);
      expect(
        [...starts].sort((a, b) => a - b),
        key,
      ).toEqual(starts);
      expect(Math.max(...starts), key).toBeLessThan(czech?.paragraphs.length ?? 0);
    }
  });

  it('say what a part answers in the mentor’s words: no character of the stories, quotes nested right', () => {
    expect(cast.length).toBeGreaterThan(5);
    for (const [key, sections] of Object.entries(raw)) {
      for (const section of sections) {
        for (const language of SUPPORTED_LANGUAGES) {
          const text = section[language];
          for (const name of cast)
            expect(text, `${key} ${language}`).not.toMatch(new RegExp(`\\b${name}`, 'u'));
          expect(quoteProblem(text, language), `${key} ${language}: ${text}`).toBeUndefined();
          if (/\{\{figure:/.test(text)) expect(text, `${key} ${language}`).toMatch(/\{\{year:/);
        }
      }
    }
  });

  it('give the summary of the part that holds a paragraph', () => {
    const first = raw['penize-dane-urady/dph']?.[0];
    expect(first).toBeDefined();
    expect(summaries.of('dph', 0, 'cs')?.slice(0, 20)).toBe(
      first?.cs.replace(/\{\{[^}]+\}\}/g, '').slice(0, 20),
    );
  });
});
