import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MentorConfig } from '../config/mentor-env.ts';
import { libraryMentor } from './library/library-mentor.ts';
import { loadLibraryTexts } from './library/library-texts.ts';
import { LibraryIndex, type Synonyms } from './library/search-index.ts';
import type { Mentor, MentorLog } from './mentor.ts';
import { modelMentor } from './model/model-mentor.ts';
import { loadTemplates, MENTOR_CONTENT_DIR } from './templates.ts';

export type { Mentor } from './mentor.ts';

let library: Promise<{ index: LibraryIndex; templates: Awaited<ReturnType<typeof loadTemplates>> }>;

/** The library, its index and the mentor's words: read once per process (they ship with the app). */
function loadLibrary() {
  library ??= (async () => {
    const [texts, synonymsFile, templates] = await Promise.all([
      loadLibraryTexts(),
      readFile(join(MENTOR_CONTENT_DIR, 'synonyms.json'), 'utf8'),
      loadTemplates(),
    ]);
    const synonyms = JSON.parse(synonymsFile) as Synonyms & { _about?: string };
    delete synonyms._about;
    return { index: new LibraryIndex(texts, synonyms), templates };
  })();
  return library;
}

/**
 * The mentor the chat talks to: the model mentor (with the library mentor behind it) when
 * MENTOR_API_URL is set, otherwise the library mentor alone. Built once at start.
 */
export async function createMentor(config: MentorConfig, log: MentorLog): Promise<Mentor> {
  const { index, templates } = await loadLibrary();
  const fromLibrary = libraryMentor(index, templates);
  if (!config.model) return fromLibrary;
  log.info(
    { model: config.model.model },
    'mentor: an OpenAI-compatible model, with the library behind it',
  );
  return modelMentor({ config: config.model, index, templates, fallback: fromLibrary, log });
}
