import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { readFigures } from '@partak/domain/library-sources';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import type { MentorConfig } from '../config/mentor-env.ts';
import { loadAnswerBase } from './answers/answer-base.ts';
import { IntentIndex, type Synonyms } from './answers/intent-index.ts';
import { compileTrades } from './answers/slots.ts';
import { ProfilePhrasesSchema } from './answers/profile-slots.ts';
import { libraryMentor } from './library-mentor.ts';
import { LIBRARY_DIR, loadLibraryTexts } from './library/library-texts.ts';
import { LibraryIndex } from './library/search-index.ts';
import { loadSummaries } from './library/summaries.ts';
import type { Mentor, MentorLog } from './mentor.ts';
import { modelMentor } from './model/model-mentor.ts';
import { CrisisDetector, CrisisFileSchema } from '@partak/domain/crisis';
import { loadTemplates, readMentorFile } from './templates.ts';
import { Understander } from './understanding.ts';
import { Vocabulary } from './vocabulary.ts';

export type { Mentor } from './mentor.ts';

/**
 * Everything the mentors know, read once per process (it ships with the app): the library and
 * its index, the answer base, the trades, the crisis wording, the mentor's words.
 */
async function loadKnowledge() {
  const figures = await readFigures((path) => readFile(join(LIBRARY_DIR, path), 'utf8'));
  const [texts, synonyms, templates, intents, trades, crisis, summaries, profilePhrases] =
    await Promise.all([
      loadLibraryTexts(),
      readMentorFile<Synonyms>('synonyms.json'),
      loadTemplates(),
      loadAnswerBase(figures),
      readMentorFile<unknown>('trades.json').then(compileTrades),
      readMentorFile<unknown>('crisis.json').then((raw) => CrisisFileSchema.parse(raw)),
      loadSummaries(figures),
      readMentorFile<unknown>('profile-phrases.json').then((raw) =>
        ProfilePhrasesSchema.parse(raw),
      ),
    ]);
  const library = new LibraryIndex(texts, synonyms);
  const vocabulary = new Vocabulary([
    ...intents.flatMap((intent) =>
      SUPPORTED_LANGUAGES.flatMap((language) => [
        ...intent[language].phrasings,
        intent[language].answer,
      ]),
    ),
    ...texts.flatMap((text) => [text.title, text.preview, ...text.keywords, ...text.paragraphs]),
    ...SUPPORTED_LANGUAGES.flatMap(
      (language) => (stopwords as Record<string, string[]>)[language] ?? [],
    ),
  ]);
  const understander = new Understander({
    crisis: new CrisisDetector(crisis, (word) => vocabulary.knows(word)),
    intents: new IntentIndex(intents, synonyms),
    trades,
    library,
    vocabulary,
    templates,
    profilePhrases,
  });
  return { figures, templates, library, summaries, understander, crisis };
}

let knowledge: ReturnType<typeof loadKnowledge> | undefined;

/**
 * The mentor the chat talks to: the model mentor (with the library mentor behind it) when
 * MENTOR_API_URL is set, otherwise the library mentor alone. Built once at start.
 */
export async function createMentor(config: MentorConfig, log: MentorLog): Promise<Mentor> {
  knowledge ??= loadKnowledge();
  const { figures, templates, library, summaries, understander, crisis } = await knowledge;
  const fromLibrary = libraryMentor({
    understander,
    crisis,
    library,
    summaries,
    templates,
    figures,
  });
  if (!config.model) return fromLibrary;
  log.info(
    { model: config.model.model },
    'mentor: an OpenAI-compatible model, with the library behind it',
  );
  return modelMentor({
    config: config.model,
    index: library,
    understander,
    figures,
    templates,
    fallback: fromLibrary,
    log,
  });
}
