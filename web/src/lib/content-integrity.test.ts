import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { taxYear } from '@partak/domain/calculators/tax-year';
import { FigureSchema, figuresIn, type Figures } from '@partak/domain/figures';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { TOPIC_IDS } from '@partak/domain/topics';
import figures from '../../../content/library/figures.json';
import related from '../../../content/topics/related-articles.json';

const czech = import.meta.glob<string>('../../../content/library/articles/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const translations = import.meta.glob<string>('../../../content/library/translations/*/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The mentor's answer base and its summaries of the library: they quote figures too. */
const mentor = import.meta.glob<string>(
  ['../../../content/mentor/answers/*.json', '../../../content/mentor/summaries.json'],
  { query: '?raw', import: 'default', eager: true },
);

const ARTICLE_IDS = new Set<string>(LIBRARY_CATEGORIES.flatMap((c) => c.articleIds));
const MONTH_MS = 30.44 * 24 * 3600 * 1000;

describe('the figures of Czech law the library quotes', () => {
  const entries = Object.entries(figures);

  it('each has a value, its authority’s page and the day it was checked', () => {
    for (const [id, figure] of entries) {
      expect(FigureSchema.safeParse(figure).success, id).toBe(true);
      expect(figure.source, id).toMatch(/^https:\/\//);
    }
  });

  it('are none of them older than 13 months — the articles’ and the mentor’s answers’ alike', () => {
    expect(Object.keys(mentor).length).toBeGreaterThan(1);
    const stale = entries
      .filter(([, figure]) => Date.now() - Date.parse(figure.checkedOn) > 13 * MONTH_MS)
      .map(([id, figure]) => `${id} (checked ${figure.checkedOn})`);
    expect(stale, 'check these figures against their source again').toEqual([]);
  });

  it('are all defined where an article, the mentor or a calculator uses them, and each is used', () => {
    // The calculators read a year's rates; every year that has them counts.
    const years = Object.keys(figures).flatMap((id) => /-(\d{4})$/.exec(id)?.[1] ?? []);
    const quoted = new Set<string>(
      [...new Set(years)].flatMap(
        (year) => taxYear(figures as Figures, Number(year))?.figureIds ?? [],
      ),
    );
    for (const [path, text] of Object.entries({ ...czech, ...translations, ...mentor })) {
      for (const id of figuresIn(text)) {
        expect(Object.keys(figures), `${path} quotes {{figure:${id}}}`).toContain(id);
        quoted.add(id);
      }
    }
    expect(entries.map(([id]) => id).filter((id) => !quoted.has(id))).toEqual([]);
  });

  it('appear in every translation as in the Czech original', () => {
    for (const [path, text] of Object.entries(translations)) {
      const [, , category, file] = /translations\/([a-z]{2})\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
      const source = czech[`../../../content/library/articles/${category}/${file}`];
      expect(source, path).toBeDefined();
      const set = (value: string) => [...new Set(figuresIn(value))].sort();
      expect(set(text), path).toEqual(set(source ?? ''));
    }
  });
});

describe('topics and the library', () => {
  const Related = z.record(
    z.string(),
    z.object({
      articles: z.array(z.string()).check(z.minLength(1)),
      uncovered: z.optional(z.array(z.int().check(z.minimum(0), z.maximum(3)))),
    }),
  );

  it('map every topic to articles that exist, and name the questions no article answers', () => {
    const mapping = Related.parse(related);
    expect(Object.keys(mapping).sort()).toEqual([...TOPIC_IDS].sort());
    for (const [topic, { articles }] of Object.entries(mapping)) {
      for (const id of articles) expect(ARTICLE_IDS.has(id), `${topic} → ${id}`).toBe(true);
    }
  });
});
