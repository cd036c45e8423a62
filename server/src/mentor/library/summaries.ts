import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod/mini';
import type { Figures } from '@partak/domain/figures';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { renderAnswer } from '../answers/render.ts';
import { MENTOR_CONTENT_DIR } from '../templates.ts';

/** content/mentor/summaries.json */
export const SUMMARIES_FILE = join(MENTOR_CONTENT_DIR, 'summaries.json');

const text = z.string().check(z.minLength(20), z.maxLength(400));
const SectionSchema = z.object({
  from: z.int().check(z.minimum(0)),
  cs: text,
  en: text,
  de: text,
  es: text,
});
const SummariesSchema = z.record(z.string(), z.array(SectionSchema).check(z.minLength(1)));

interface Section {
  from: number;
  text: Record<Language, string>;
}

/**
 * What each part of each library article answers, in a sentence or two of the mentor's own, in
 * four languages (content/mentor/summaries.json): the library mentor says this when an article
 * answers a question the answer base does not, never a sentence of the article's story.
 */
export class Summaries {
  private readonly sections: Map<string, Section[]>;

  constructor(sections: Map<string, Section[]>) {
    this.sections = sections;
  }

  /** The summary of the part of an article that holds the paragraph, in `language`. */
  of(articleId: string, paragraph: number, language: Language): string | undefined {
    const sections = this.sections.get(articleId) ?? [];
    const section = sections.findLast((candidate) => candidate.from <= paragraph) ?? sections[0];
    return section?.text[language];
  }

  /** Articles of the library that have no summary (the tests want none). */
  missing(): string[] {
    return LIBRARY_CATEGORIES.flatMap((category) => category.articleIds).filter(
      (id) => !this.sections.has(id),
    );
  }
}

/** The summaries, checked and with their figures written out. A broken file stops the start. */
export async function loadSummaries(figures: Figures, file = SUMMARIES_FILE): Promise<Summaries> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  delete raw._about;
  const parsed = SummariesSchema.parse(raw);
  const sections = new Map<string, Section[]>();
  for (const [key, list] of Object.entries(parsed)) {
    const articleId = key.split('/').at(-1) ?? key;
    sections.set(
      articleId,
      [...list]
        .sort((a, b) => a.from - b.from)
        .map((section) => ({
          from: section.from,
          text: Object.fromEntries(
            SUPPORTED_LANGUAGES.map((language) => [
              language,
              renderAnswer(section[language], { figures, language }),
            ]),
          ) as Record<Language, string>,
        })),
    );
  }
  return new Summaries(sections);
}
