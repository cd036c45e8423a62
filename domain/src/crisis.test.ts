import { describe, expect, it } from 'vitest';
import crisis from '../../content/mentor/crisis.json' with { type: 'json' };
import { CrisisDetector, CrisisFileSchema, crisisReply } from './crisis.ts';

const lexicons = CrisisFileSchema.parse(crisis);
const detector = new CrisisDetector(lexicons);

describe('the crisis detector', () => {
  it.each([
    'Někdy si říkám, že bych nejradši umřel',
    'nechci tu už být',
    'vezmu si život',
    'kdybych se už neprobudila, bylo by to jedno',
    'nejradsi bych umrela',
    'firma krachuje a já už nechci žít',
    'všem by bylo líp beze mě',
    'přemýšlím, jak to všechno skončit',
  ])('hears Czech, direct or not, with or without diacritics: %s', (message) => {
    expect(detector.detects(message)).toBe(true);
  });

  it.each([
    "I don't want to be alive anymore",
    'ich will nicht mehr leben',
    'quiero morirme',
    'ya no quiero vivir',
  ])('hears English, German and Spanish: %s', (message) => {
    expect(detector.detects(message)).toBe(true);
  });

  it('hears every language whatever the interface speaks, and a typo a phone makes', () => {
    expect(detector.detects('i want to kill myself')).toBe(true);
    expect(detector.detects('nehci zit')).toBe(true);
    expect(detector.detects('myslim na sebevradzu')).toBe(true);
  });

  it.each([
    'ta konkurence mě zabije',
    'umírám nudou u účetnictví',
    'this deadline is killing me',
    'me muero de ganas de abrir mi tienda',
    'ich sterbe vor Langeweile',
    'je to obchodní sebevražda zlevnit o 50 %?',
    'is cutting prices business suicide?',
    'me estoy matando a trabajar',
    'zabil jsem celý den v excelu',
    'chci skončit s podnikáním',
  ])('takes an idiom for what it is: %s', (message) => {
    expect(detector.detects(message)).toBe(false);
  });

  it.each([
    'Dluhy mi přerostly přes hlavu, exekutor už volal. Nevím, proč se ráno vůbec zvedat. Možná by bylo pro všechny líp, kdybych tu nebyl.',
    'Nemám už sílu na nic a chci jen zmizet.',
    'Firma zkrachovala a nemá cenu se snažit. Postarej se o děti.',
    'Ich sehe keinen Ausweg mehr. Meine Familie wäre ohne mich wahrscheinlich besser dran.',
    'Ich sehe keinen Ausweg mehr, ich will einfach nur verschwinden.',
    "there's no way out, I just want to disappear",
    'no veo ninguna salida, ya regalé todas mis cosas',
  ])(
    'hears two kinds of warning sign together (hopeless, a burden, a goodbye, gone, means): %s',
    (message) => {
      expect(detector.detects(message)).toBe(true);
    },
  );

  it.each([
    'Nevidím žádné řešení, jak splatit dluh finančáku. Co mám dělat?',
    'Už nemůžu dál, mám tři zakázky naráz a nestíhám.',
    'Sepsal jsem závěť, co bude s mou živností po smrti?',
    'Ich kann nicht mehr, die Buchhaltung frisst meine Abende.',
    'no veo salida a esta deuda con Hacienda',
    "I'm done with everything related to VAT, it's killing me.",
    'nemuzu dal, nechci dal, koncim s tim e-shopem',
    'Už nechci žít v nejistotě, chci stabilní příjem, mám jít do zaměstnání?',
    "I'm a burden to my team lead, he has to fix my invoices every month.",
  ])('does not take one warning sign alone for a crisis: %s', (message) => {
    expect(detector.detects(message)).toBe(false);
  });

  it('reads a message without the words that only soften it, and no negation is such a word', () => {
    expect(detector.detects('Ich will ehrlich gesagt nicht mehr leben.')).toBe(true);
    expect(detector.detects('že bych tu vlastně neměla být')).toBe(true);
    const negations = ['ne', 'no', 'not', 'nicht', 'kein', 'nie', 'never', 'nunca', 'ani', 'nic'];
    for (const language of ['cs', 'en', 'de', 'es'] as const) {
      for (const filler of lexicons[language].fillers) {
        expect(negations, `${language}: ${filler}`).not.toContain(filler);
        for (const other of ['cs', 'en', 'de', 'es'] as const) {
          expect(lexicons[other].negators, `${language}: ${filler}`).not.toContain(filler);
        }
      }
    }
  });

  it('keeps its wording in the form messages are read in', () => {
    for (const language of ['cs', 'en', 'de', 'es'] as const) {
      const { patterns, signals, idioms, fillers } = lexicons[language];
      for (const pattern of [...patterns, ...Object.values(signals).flat(), ...idioms]) {
        // Messages are folded to a-z and digits: a letter with a diacritic can never match, and
        // an optional group after a space would need two spaces before the next word.
        expect(pattern, language).not.toMatch(/[^\x20-\x7e]/);
        expect(pattern, language).not.toMatch(/ \((?:[^()]|\([^()]*\))*\)\?$/);
      }
      for (const filler of fillers) expect(filler, language).toMatch(/^[a-z]+$/);
    }
  });

  it('counts one goodbye said in two overlapping ways once', () => {
    expect(detector.detects('Jak ukončit živnost k 31. 12.? Už ji nebudu potřebovat.')).toBe(false);
    expect(detector.detects('Tohle je moje poslední zpráva. Sbohem.')).toBe(true);
  });

  it('does not count a pattern said with a negation right before it', () => {
    expect(detector.detects("I don't want to die before my shop opens")).toBe(false);
    expect(detector.detects('no quiero morir sin intentarlo')).toBe(false);
    expect(detector.detects('I want to die')).toBe(true);
  });

  it('never lets a typo fix take a match away', () => {
    // "muerta" is one letter from the patterns' "muerte": the message as written still counts.
    expect(detector.detects('quisiera estar muerta')).toBe(true);
  });

  it.each([
    ['Kamarádka mi napsala, že už nechce žít. Jak jí mám pomoct?', 'other'],
    ['A friend told me she has been feeling suicidal. How can I help her?', 'other'],
    ['Ein Kollege hat gesagt, er will nicht mehr leben. Wie kann ich ihm helfen?', 'other'],
    ['Una amiga me dijo que ya no quiere vivir. ¿Cómo puedo ayudarla?', 'other'],
    ['nechci už žít', 'self'],
    ['Jak zvednout ceny stálým klientům?', undefined],
  ] as const)('tells whose danger a message speaks of: %s', (message, concern) => {
    expect(detector.concern(message)).toBe(concern);
  });

  it('holds a reply and lines to call in every language, 116 123 and 112 among them', () => {
    for (const language of ['cs', 'en', 'de', 'es'] as const) {
      const numbers = lexicons[language].helplines.map((line) => line.number);
      expect(numbers, language).toEqual(expect.arrayContaining(['116 123', '112']));
      expect(lexicons[language].reply, language).toContain('116 123');
      expect(crisisReply(lexicons[language], 'other'), language).toContain('116 123');
      expect(crisisReply(lexicons[language], 'other')).not.toBe(lexicons[language].reply);
    }
  });

  it('does not correct a word the mentor knows towards a crisis word', () => {
    const strict = new CrisisDetector(lexicons, (word) => word === 'nehci');
    expect(strict.detects('nehci zit')).toBe(false);
  });
});
