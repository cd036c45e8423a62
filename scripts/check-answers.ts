/**
 * Checks the mentor's answer base (content/mentor/answers) and prints every problem, for writers:
 * `node scripts/check-answers.ts [file.json…]`. The tests run the same checks over every file.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { checkAnswerBase } from '../server/src/mentor/answers/answer-checks.ts';
import { LIBRARY_CATEGORIES } from '../domain/src/library.ts';
import type { Figures } from '../domain/src/figures.ts';

const root = join(import.meta.dirname, '..', 'content');
const dir = join(root, 'mentor', 'answers');
const only = process.argv.slice(2).map((name) => basename(name));
const names = (await readdir(dir)).filter(
  (name) => name.endsWith('.json') && (only.length === 0 || only.includes(name)),
);
const files: Record<string, unknown> = {};
for (const name of names) {
  try {
    files[name] = JSON.parse(await readFile(join(dir, name), 'utf8'));
  } catch (error) {
    console.log(`${name}: not JSON: ${(error as Error).message}`);
  }
}
const figures = JSON.parse(
  await readFile(join(root, 'library', 'figures.json'), 'utf8'),
) as Figures;
const articles = new Set(
  LIBRARY_CATEGORIES.flatMap((category) => category.articleIds.map((id) => `${category.id}/${id}`)),
);
const { problems, base } = checkAnswerBase(files, figures, articles);
const intents = base.reduce((sum, file) => sum + file.intents.length, 0);
for (const problem of problems) console.log(problem);
console.log(`${names.length} files, ${intents} intents, ${problems.length} problems`);
process.exitCode = problems.length > 0 ? 1 : 0;
