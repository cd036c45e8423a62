import { afterAll, describe, expect, it } from 'vitest';
import { LABELLED_QUESTIONS, UNCOVERED_QUESTIONS } from '../../../test/mentor-questions.ts';
import { readMentorFile } from '../templates.ts';
import { loadLibraryTexts } from './library-texts.ts';
import { LibraryIndex, type Synonyms } from './search-index.ts';

const synonyms = await readMentorFile<Synonyms>('synonyms.json');
const index = new LibraryIndex(await loadLibraryTexts(), synonyms);

describe('the library’s search (the long tail and the model’s passages, ADR 009)', () => {
  const hits: string[] = [];
  afterAll(() => {
    console.log(
      `library search: ${hits.length} of ${LABELLED_QUESTIONS.length} labelled questions find an expected article among the first three`,
    );
  });

  it('finds an expected article among the first three for at least 90 % of the labelled questions', () => {
    for (const { question, language, expected } of LABELLED_QUESTIONS) {
      const found = index.find(question, language).map((hit) => hit.text.articleId);
      if (found.slice(0, 3).some((id) => expected.includes(id))) hits.push(question);
    }
    expect(hits.length / LABELLED_QUESTIONS.length).toBeGreaterThanOrEqual(0.9);
  });

  it.each(UNCOVERED_QUESTIONS)(
    'finds nothing for what the library does not cover: $question',
    ({ question, language }) => {
      expect(index.find(question, language)).toEqual([]);
    },
  );

  it('gives the paragraphs it found, with where they are in the article', () => {
    const [hit] = index.find('Co všechno musí být na faktuře, když nejsem plátce DPH?', 'cs');
    expect(hit?.text.articleId).toBe('fakturace');
    expect(hit?.passages.length).toBe(hit?.paragraphs.length);
    expect(hit?.text.paragraphs[hit.paragraphs[0] ?? -1]).toBe(hit?.passages[0]);
  });

  it('reads a short follow-up together with the question before it', () => {
    const found = index.answering(
      [
        { role: 'user', content: 'Kdy se musím registrovat k DPH?' },
        { role: 'assistant', content: 'Registrace k DPH je povinná, když…' },
        { role: 'user', content: 'a jak dlouho na to mám?' },
      ],
      'cs',
    );
    expect(found.map((hit) => hit.text.articleId)).toContain('dph');
  });
});
