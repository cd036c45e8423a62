import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Figures } from '@partak/domain/figures';
import type { Language } from '@partak/domain/languages';
import type { MentorEvent } from '@partak/domain/mentor-events';
import { summarize } from '../../test/sse.ts';
import { loadAnswerBase } from './answers/answer-base.ts';
import { createMentor } from './index.ts';
import { LIBRARY_DIR } from './library/library-texts.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const mentor = await createMentor({ model: undefined }, quiet);

/** The mentor's reply to the last of `turns`, each earlier one answered by the mentor itself. */
async function ask(language: Language, ...turns: string[]) {
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  let events: MentorEvent[] = [];
  for (const turn of turns) {
    messages.push({ role: 'user', content: turn });
    events = [];
    for await (const event of mentor.reply(
      { language, messages: [...messages] },
      new AbortController().signal,
    )) {
      events.push(event);
    }
    messages.push({ role: 'assistant', content: summarize(events).text });
  }
  const summary = summarize(events);
  return {
    ...summary,
    events,
    first: summary.text.trim().split('\n\n')[0] ?? '',
    choices: events.flatMap((event) => (event.type === 'choices' ? event.choices : [])),
    crisis: events.find((event) => event.type === 'crisis'),
  };
}

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the library mentor answers the question', () => {
  it('with the answer base’s written answer: the answer first, articles, a step for today, a question back', async () => {
    const reply = await ask('cs', 'Kolik si mám říct za hodinu jako začínající grafička?');
    expect(reply.first).toMatch(/hodin/);
    expect(reply.text).toMatch(/\*\*Dnes:\*\* /);
    expect(reply.text.trim()).toMatch(/\?$/);
    expect(reply.text).toMatch(/\[[^\]]+\]\(\/library\/podnikani\/rust-bez-ztraty\)/);
    expect(reply.sources).toContain('/library/podnikani/rust-bez-ztraty');
    expect(reply.end).toEqual({ type: 'done', mentor: 'library' });
  });

  it('written for the person’s trade when they named it, and asking for it with choices when not', async () => {
    const named = await ask('cs', 'Kolik si mám říct za hodinu jako začínající grafička?');
    expect(named.text).toMatch(/[Jj]ako grafička/);
    expect(named.choices).toEqual([]);
    const unnamed = await ask('cs', 'Kolik si mám říct za hodinu?');
    expect(unnamed.text).not.toMatch(/grafičk/);
    expect(unnamed.choices.length).toBeGreaterThanOrEqual(2);
    const en = await ask('en', 'How much should I charge per hour as a graphic designer?');
    expect(en.text).toMatch(/[Aa]s a graphic designer/);
  });

  it('with the figures of figures.json, their year, and the person’s own numbers', async () => {
    const figures = JSON.parse(await readFile(join(LIBRARY_DIR, 'figures.json'), 'utf8')) as Record<
      string,
      { value: unknown }
    >;
    expect(figures['vat-registration-threshold']?.value).toBe(2_000_000);
    const reply = await ask('cs', 'Mám obrat 2,6 milionu za rok, musím k DPH?');
    expect(nbsp(reply.text)).toContain('2 000 000 Kč');
    expect(nbsp(reply.text)).toContain('2 600 000 Kč');
    expect(reply.text).toMatch(/20\d\d/);
  });

  it('in the reader’s language when the question comes in another', async () => {
    const reply = await ask('cs', 'How do I find my first customers?');
    const czech = await ask('cs', 'Jak najít první zákazníky?');
    expect(reply.first).toBe(czech.first);
    expect(reply.text).toMatch(/\*\*Dnes:\*\* /);
    expect(reply.sources.length).toBeGreaterThan(0);
  });
});

describe('a conversation, not a lookup', () => {
  it('reads a follow-up with the question before it', async () => {
    const reply = await ask('cs', 'Jak založit živnost?', 'A kolik to stojí?');
    expect(nbsp(reply.first)).toContain('1 000 Kč');
  });

  it.each([
    ['cs', 'Jak zdražit stálým klientům?', 'ok, co mám udělat jako první?', 'Začni tímhle:'],
    ['en', 'How do I find my first customers?', 'ok, where do I start?', 'Start with this:'],
    ['de', 'Wie erhöhe ich meine Preise?', 'und womit fange ich an?', 'Fang damit an:'],
    [
      'es',
      '¿Cómo consigo mis primeros clientes?',
      'vale, ¿y por dónde empiezo?',
      'Empieza por esto:',
    ],
  ] as const)(
    '%s: "where do I start?" after an answer gets its step for today',
    async (language, question, followUp, opening) => {
      const answer = await ask(language, question);
      const step = /\*\*[^*]+\*\* (.+)/.exec(answer.text)?.[1] ?? '';
      const reply = await ask(language, question, followUp);
      expect(reply.first).toBe(`${opening} ${step}`);
      expect(reply.text).not.toContain('**');
    },
  );

  it('takes a new question that ends with "co teď?" for a new question', async () => {
    const reply = await ask(
      'cs',
      'Jak najít první zákazníky?',
      'Dostal jsem dopis z finančáku, co teď?',
    );
    expect(reply.first).toMatch(/finanční/);
  });

  it('answers the question before for the business the person names next', async () => {
    const general = await ask('cs', 'Jak najít první zákazníky?');
    const forCafe = await ask('cs', 'Jak najít první zákazníky?', 'a pro kavárnu?');
    expect(forCafe.first).not.toBe(general.first);
    expect(forCafe.text).toMatch(/kavárn/i);
    const tapped = await ask('cs', 'Jak najít první zákazníky?', 'Mám e-shop.');
    expect(tapped.text).toMatch(/e-shop/i);
  });

  it('answers what a clarifying question asked about once the person names their business', async () => {
    const reply = await ask('cs', 'nemám zákazníky', 'Mám kavárnu.');
    expect(reply.choices).toEqual([]);
    expect(reply.first).toMatch(/host|kavárn/i);
    expect(reply.text).toMatch(/\*\*Dnes:\*\* /);
  });

  it('asks one clarifying question with two to four choices to a vague message, each a question it answers', async () => {
    const vague = await ask('cs', 'pomoz mi s podnikáním');
    expect(vague.choices.length).toBeGreaterThanOrEqual(2);
    expect(vague.choices.length).toBeLessThanOrEqual(4);
    expect(vague.sources).toEqual([]);
    expect(vague.text.trim()).toMatch(/\?$/);
    for (const choice of vague.choices) {
      const answered = await ask('cs', 'pomoz mi s podnikáním', choice);
      expect(answered.text, choice).toMatch(/\*\*Dnes:\*\* /);
    }
  });
});

describe('every clarifying question of the answer base', () => {
  const figures = JSON.parse(readFileSync(join(LIBRARY_DIR, 'figures.json'), 'utf8')) as Figures;
  const TODAY = { cs: 'Dnes', en: 'Today', de: 'Heute', es: 'Hoy' } as const;

  it('offers choices in every language that are each answered with a written answer', async () => {
    const clarifying = (await loadAnswerBase(figures)).filter(
      (intent) => intent.type === 'clarify',
    );
    expect(clarifying.length).toBeGreaterThan(0);
    for (const intent of clarifying) {
      for (const language of ['cs', 'en', 'de', 'es'] as const) {
        const vague = intent[language].phrasings[0] ?? '';
        const asked = await ask(language, vague);
        expect(asked.choices, `${intent.id} ${language}: ${vague}`).toEqual(
          intent[language].choices,
        );
        for (const choice of asked.choices) {
          const answered = await ask(language, vague, choice);
          expect(answered.text, `${intent.id} ${language}: ${choice}`).toContain(
            `**${TODAY[language]}:**`,
          );
        }
      }
    }
  }, 60_000);
});

describe('honest about what it does not know', () => {
  it.each([
    ['cs', 'Kdo vyhrál včera hokej?'],
    ['cs', 'Jaké je hlavní město Austrálie?'],
    ['en', 'Write me a Python function that sorts a list'],
    ['cs', 'asdfjkl qwertzuiop'],
    ['de', 'Lorem ipsum dolor sit amet'],
    ['cs', 'Jak mogę znaleźć dobrą pizzę w Warszawie?'],
    ['cs', 'druhý řádek'],
  ] as const)(
    '%s: %s — no sources, no advice of the day, what it can help with',
    async (language, message) => {
      const reply = await ask(language, message);
      expect(reply.sources).toEqual([]);
      expect(reply.crisis).toBeUndefined();
      expect(reply.text).not.toMatch(/\*\*(Dnes|Today|Heute|Hoy):\*\*/);
      // What it can help with: named in a paragraph of its own, or offered as choices.
      expect(reply.text.split('\n\n').length >= 2 || reply.choices.length >= 2).toBe(true);
    },
  );
});

describe('safety first', () => {
  it.each([
    ['cs', 'Někdy si říkám, že bych nejradši umřel', '116 123'],
    ['cs', 'nechci tu uz byt', '112'],
    ['en', "I don't want to be alive anymore", '116 123'],
    ['de', 'ich will nicht mehr leben', '0800 111 0 111'],
    ['es', 'quiero morirme', '024'],
  ] as const)(
    '%s: a person in crisis gets the helplines first, as a card: %s',
    async (language, message, number) => {
      const reply = await ask(language, message);
      expect(reply.events[0]?.type).toBe('crisis');
      expect(reply.crisis).toMatchObject({
        helplines: expect.arrayContaining([expect.objectContaining({ number })]),
      });
      expect(reply.text).toContain(number);
      expect(reply.sources).toEqual([]);
      expect(reply.choices).toEqual([]);
    },
  );

  it('tells someone worried about another person how to help, with the same lines', async () => {
    const reply = await ask('cs', 'Kamarádka mi napsala, že už nechce žít. Jak jí mám pomoct?');
    expect(reply.events[0]?.type).toBe('crisis');
    expect(reply.crisis).toMatchObject({
      helplines: expect.arrayContaining([expect.objectContaining({ number: '116 123' })]),
    });
    expect(reply.text).toContain('Zeptej se na rovinu, jestli myslí na sebevraždu');
    expect(reply.text).toContain('116 123');
    expect(reply.text).not.toContain('jsem rád, že to někomu říkáš');
  });

  it('does not take an idiom for a crisis', async () => {
    const reply = await ask('cs', 'Ta konkurence mě zabije, jak se odlišit?');
    expect(reply.crisis).toBeUndefined();
  });
});
