import { fold } from '../library/text.ts';
import type { Figures } from '@partak/domain/figures';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import {
  AnswerFileSchema,
  BUSINESS_KINDS,
  type AnswerFile,
  type Intent,
  type IntentText,
} from './answer-schema.ts';
import { quoteProblem } from './quotes.ts';
import { renderAnswer, wordCount, type SlotValues } from './render.ts';

/** The sizes an answer must keep (60–160 words for the direct answer: ADR 020). */
export const ANSWER_WORDS = { min: 60, max: 160 } as const;
/** Phrasings an intent needs: Czech is asked most, and in the most ways. */
export const MIN_PHRASINGS: Record<Language, number> = { cs: 10, en: 6, de: 6, es: 6 };

/** Slot values that exercise every section of a template once. */
const SAMPLE_SLOTS: SlotValues[] = [
  {},
  {
    trade: { kind: 'creative', as: 'jako grafička', for: 'pro grafičku' },
    price: 800,
    turnover: 1_900_000,
  },
  { trade: { kind: 'food', as: 's kavárnou', for: 'pro kavárnu' }, price: 80, turnover: 2_600_000 },
  // What a business profile adds: each regime, legal form and VAT status once.
  {
    trade: { as: 'v oboru „svatební focení“', for: 'v oboru „svatební focení“' },
    region: { id: 'praha', text: 'v Praze' },
    legalForm: { id: 'zivnost-main', text: 'na živnost jako hlavní činnost' },
    regime: { id: 'pausalni-dan-1', text: 'na paušální dani v 1. pásmu' },
    vat: { id: 'none', text: 'jako neplátce DPH' },
    hours: 25,
    fromProfile: true,
  },
  {
    regime: { id: 'pausalni-dan-2', text: 'na paušální dani ve 2. pásmu' },
    turnover: 1_200_000,
    fromProfile: true,
  },
  { regime: { id: 'pausalni-dan-3', text: 'na paušální dani ve 3. pásmu' }, fromProfile: true },
  { regime: { id: 'pausalni-dan-unknown', text: 'na paušální dani' }, fromProfile: true },
  {
    region: { id: 'jihomoravsky', text: 'v Jihomoravském kraji' },
    legalForm: { id: 'zivnost-side', text: 'na živnost jako vedlejší činnost' },
    regime: { id: 'flat-rate-expenses-60', text: 's výdajovým paušálem 60 %' },
    vat: { id: 'payer', text: 'jako plátce DPH' },
    fromProfile: true,
  },
  {
    legalForm: { id: 'sro', text: 'se s. r. o.' },
    vat: { id: 'payer', text: 'jako plátce DPH' },
    fromProfile: true,
  },
  { regime: { id: 'real-expenses', text: 'se skutečnými výdaji' }, fromProfile: true },
  // Every kind of business once, for the sections written per kind (`{{#trade=beauty}}`).
  ...BUSINESS_KINDS.map((kind) => ({
    trade: { kind, as: 'jako kadeřnice', for: 'pro kadeřnici' },
  })),
];

const FIGURE = /\{\{figure:([a-z0-9-]+)\}\}/g;

/** Numbers in a text with their thousands separators removed ("2 000 000" → "2000000"). */
function numbersIn(text: string): string[] {
  const joined = text.replace(/(\d)[\s.,\u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
  return joined.match(/\d+/g) ?? [];
}

function checkText(
  intent: Intent,
  language: Language,
  t: IntentText,
  figures: Figures,
  lawAmounts: Set<string>,
): string[] {
  const where = `${intent.id} (${language})`;
  const problems: string[] = [];
  const type = intent.type ?? 'answer';
  const min = type === 'answer' ? MIN_PHRASINGS[language] : 5;
  if (t.phrasings.length < min)
    problems.push(`${where}: ${t.phrasings.length} phrasings, ${min} at least`);
  if (language === 'cs' && type === 'answer' && !t.phrasings.some((p) => p === fold(p)))
    problems.push(`${where}: no phrasing written without diacritics`);
  const all = [t.answer, t.today ?? '', t.question ?? '', t.askSlot ?? '', ...(t.choices ?? [])];
  for (const part of all) {
    const quotes = quoteProblem(part, language);
    if (quotes) problems.push(`${where}: ${quotes}: ${part.slice(0, 60)}…`);
    for (const number of numbersIn(part.replace(FIGURE, ''))) {
      if (lawAmounts.has(number))
        problems.push(`${where}: ${number} is a figure of figures.json, write {{figure:…}}`);
    }
  }
  const usesFigure = [...t.answer.matchAll(FIGURE)].some(
    ([, id]) => figures[id ?? '']?.kind !== 'date',
  );
  if (usesFigure && !t.answer.includes('{{year:'))
    problems.push(`${where}: names a figure without its year ({{year:…}})`);
  for (const slots of SAMPLE_SLOTS) {
    let answer: string;
    try {
      answer = renderAnswer(t.answer, { figures, language, slots });
      for (const part of [t.today, t.question, t.askSlot]) {
        if (part) renderAnswer(part, { figures, language, slots });
      }
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
      break;
    }
    if (/\{\{|\}\}/.test(answer)) problems.push(`${where}: an unbalanced {{…}} section`);
    const words = wordCount(answer);
    if (type === 'answer' && (words < ANSWER_WORDS.min || words > ANSWER_WORDS.max))
      problems.push(
        `${where}: the answer has ${words} words (${ANSWER_WORDS.min}–${ANSWER_WORDS.max})`,
      );
  }
  if (type === 'answer') {
    if (!t.today) problems.push(`${where}: no step for today`);
    // The question back as each reader gets it (a section may ask what the profile leaves open).
    const asked = SAMPLE_SLOTS.map((slots) =>
      t.question ? renderAnswer(t.question, { figures, language, slots }) : '',
    );
    if (asked.some((question) => !question.trim().endsWith('?')))
      problems.push(`${where}: no question back`);
  }
  if (type === 'clarify' && !t.choices)
    problems.push(`${where}: a clarifying intent without choices`);
  if (intent.ask && !t.askSlot) problems.push(`${where}: asks for ${intent.ask} without askSlot`);
  return problems;
}

/**
 * Everything wrong with the answer base: shapes, unknown articles or figures, answers too short
 * or too long, a law's figure typed in by hand, a figure without its year, missing languages.
 */
export function checkAnswerBase(
  files: Record<string, unknown>,
  figures: Figures,
  articles: ReadonlySet<string>,
): { problems: string[]; base: AnswerFile[] } {
  const problems: string[] = [];
  const base: AnswerFile[] = [];
  const lawAmounts = new Set(
    Object.values(figures)
      .filter((figure) => figure.kind === 'czk' && Number(figure.value) >= 1000)
      .map((figure) => String(figure.value)),
  );
  const ids = new Map<string, string>();
  for (const [name, raw] of Object.entries(files)) {
    const parsed = AnswerFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(
        `${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
      continue;
    }
    base.push(parsed.data);
    for (const intent of parsed.data.intents) {
      const seen = ids.get(intent.id);
      if (seen) problems.push(`${intent.id}: in ${seen} and ${name}`);
      ids.set(intent.id, name);
      for (const article of intent.articles ?? []) {
        if (!articles.has(article)) problems.push(`${intent.id}: unknown article ${article}`);
      }
      // A card offers numbers for a written answer; a clarifying question has none to offer.
      if (intent.calculator && (intent.type ?? 'answer') !== 'answer')
        problems.push(`${intent.id}: a calculator on a ${intent.type} intent`);
      // An answer links the articles that go deeper; `"articles": []` says there are none.
      if ((intent.type ?? 'answer') === 'answer' && intent.articles === undefined)
        problems.push(`${intent.id}: links no article`);
      for (const language of SUPPORTED_LANGUAGES) {
        problems.push(...checkText(intent, language, intent[language], figures, lawAmounts));
      }
    }
  }
  for (const file of base) {
    for (const intent of file.intents) {
      for (const id of intent.related ?? []) {
        if (!ids.has(id)) problems.push(`${intent.id}: related to unknown ${id}`);
      }
    }
  }
  return { problems, base };
}
