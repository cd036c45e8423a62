import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Figures } from '@partak/domain/figures';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { MENTOR_CONTENT_DIR } from '../templates.ts';
import { AnswerFileSchema, type Intent } from './answer-schema.ts';
import { renderAnswer } from './render.ts';

/** The answer base's folder: content/mentor/answers. */
export const ANSWERS_DIR = join(MENTOR_CONTENT_DIR, 'answers');

/** Every file of the answer base as parsed JSON, by file name (the tests check them all). */
export async function readAnswerFiles(dir = ANSWERS_DIR): Promise<Record<string, unknown>> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, JSON.parse(await readFile(join(dir, name), 'utf8'))] as const),
  );
  return Object.fromEntries(entries);
}

/** An intent of the base, with the group (file) it belongs to. */
export type GroupedIntent = Intent & { group: string };

/**
 * The answer base, read once at start. A malformed file, a duplicate id, an unknown figure or a
 * section that does not close stops the start: a broken answer must never reach a user (the
 * tests hold the editorial rules — lengths, years, phrasings — on top).
 */
export async function loadAnswerBase(
  figures: Figures,
  dir = ANSWERS_DIR,
): Promise<GroupedIntent[]> {
  const intents: GroupedIntent[] = [];
  const ids = new Set<string>();
  for (const [name, raw] of Object.entries(await readAnswerFiles(dir))) {
    const file = AnswerFileSchema.parse(raw);
    for (const intent of file.intents) {
      if (ids.has(intent.id)) throw new Error(`The answer base has ${intent.id} twice (${name})`);
      ids.add(intent.id);
      for (const language of SUPPORTED_LANGUAGES) {
        const t = intent[language];
        for (const text of [t.answer, t.today, t.question, t.askSlot]) {
          if (text) renderAnswer(text, { figures, language, slots: {} });
        }
      }
      intents.push({ ...intent, group: file.group });
    }
  }
  return intents;
}
