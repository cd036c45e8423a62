import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Figures } from '@partak/domain/figures';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { LIBRARY_DIR } from '../library/library-texts.ts';
import { checkAnswerBase } from './answer-checks.ts';
import { loadAnswerBase, readAnswerFiles } from './answer-base.ts';

const figures = JSON.parse(await readFile(join(LIBRARY_DIR, 'figures.json'), 'utf8')) as Figures;
const articles = new Set(
  LIBRARY_CATEGORIES.flatMap((category) => category.articleIds.map((id) => `${category.id}/${id}`)),
);
const files = await readAnswerFiles();
const intents = await loadAnswerBase(figures);

describe('the answer base (content/mentor/answers)', () => {
  it('keeps every rule of its README: shapes, lengths, figures with their years, links, quotes', () => {
    expect(checkAnswerBase(files, figures, articles).problems).toEqual([]);
  });

  it('answers at least 150 of the questions founders ask, each in four languages', () => {
    const answers = intents.filter((intent) => (intent.type ?? 'answer') === 'answer');
    expect(answers.length).toBeGreaterThanOrEqual(150);
    for (const intent of answers) {
      for (const language of ['cs', 'en', 'de', 'es'] as const) {
        expect(intent[language].answer.length, `${intent.id} ${language}`).toBeGreaterThan(200);
      }
    }
  });

  it('covers the areas the issue names', () => {
    const groups = new Set(intents.map((intent) => intent.group));
    for (const group of [
      'pricing',
      'customers',
      'sales',
      'marketing',
      'starting',
      'taxes',
      'invoices',
      'people',
      'growth',
      'mindset',
      'calm',
      'goals',
    ]) {
      expect(groups, group).toContain(group);
    }
  });

  it('has clarifying questions for vague messages and honest replies for what is not its field', () => {
    expect(intents.filter((intent) => intent.type === 'clarify').length).toBeGreaterThanOrEqual(4);
    expect(intents.filter((intent) => intent.type === 'outOfScope').length).toBeGreaterThanOrEqual(
      6,
    );
    for (const intent of intents.filter((candidate) => candidate.type === 'outOfScope')) {
      expect(intent.articles ?? [], intent.id).toEqual([]);
      expect(intent.cs.answer, intent.id).not.toMatch(/\{\{figure:/);
    }
  });

  it('gives each family a general member and members for kinds of business', () => {
    const families = new Map<string, (string | undefined)[]>();
    for (const intent of intents) {
      if (intent.family)
        families.set(intent.family, [...(families.get(intent.family) ?? []), intent.kind]);
    }
    expect(families.size).toBeGreaterThan(0);
    for (const [family, kinds] of families) {
      expect(kinds, family).toContain(undefined);
      expect(new Set(kinds).size, family).toBe(kinds.length);
    }
  });
});

describe('the answer checker on the profile’s sections and cards', () => {
  /** The base with one intent changed. */
  const changed = (id: string, change: (intent: Record<string, unknown>) => void) => {
    const copy = structuredClone(files) as Record<string, { intents: Record<string, unknown>[] }>;
    for (const file of Object.values(copy)) {
      const intent = file.intents.find((candidate) => candidate.id === id);
      if (intent) change(intent);
    }
    return checkAnswerBase(copy, figures, articles).problems;
  };

  it('names every calculator question with its card, and refuses a card on a clarifying intent', () => {
    const cards = Object.fromEntries(
      intents.filter((intent) => intent.calculator).map((intent) => [intent.id, intent.calculator]),
    );
    expect(cards).toMatchObject({
      'hourly-rate': 'hourly-rate',
      'pausalni-dan-worth': 'pausal',
      'set-aside-taxes': 'put-aside',
      'vat-when-register': 'vat-watch',
      'osvc-vs-sro': 'osvc-vs-sro',
    });
    const clarify = intents.find((intent) => intent.type === 'clarify');
    expect(
      changed(clarify?.id ?? '', (intent) => {
        intent.calculator = 'pausal';
      }),
    ).toContain(`${clarify?.id}: a calculator on a clarify intent`);
    expect(
      changed('hourly-rate', (intent) => {
        intent.calculator = 'mortgage';
      }).some((problem) => problem.includes('calculator')),
    ).toBe(true);
  });

  it('renders every regime’s variant, and a question back that only some readers get is caught', () => {
    expect(
      changed('set-aside-taxes', (intent) => {
        const cs = intent.cs as { question: string };
        cs.question = '{{#regime}}Jsi na paušálu?{{/regime}}';
      }),
    ).toContain('set-aside-taxes (cs): no question back');
    expect(
      changed('set-aside-taxes', (intent) => {
        const cs = intent.cs as { answer: string };
        cs.answer = cs.answer.replace(
          '{{#regime=pausalni-dan-2}}',
          '{{#regime=pausalni-dan-2}}{{hours}} ',
        );
      }),
    ).toContain('set-aside-taxes (cs): {{hours}} outside a {{#hours}} section');
  });
});
