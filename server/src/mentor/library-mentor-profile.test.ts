import { describe, expect, it } from 'vitest';
import type { BusinessProfile } from '@partak/domain/business-profile';
import type { CalculatorId } from '@partak/domain/calculators/types';
import type { Language } from '@partak/domain/languages';
import type { MentorEvent } from '@partak/domain/mentor-events';
import { summarize } from '../../test/sse.ts';
import { createMentor } from './index.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const mentor = await createMentor({ model: undefined }, quiet);

/** The library mentor's reply to one question, with the profile the browser sends (if any). */
async function ask(language: Language, question: string, profile?: BusinessProfile) {
  const events: MentorEvent[] = [];
  for await (const event of mentor.reply(
    {
      language,
      messages: [{ role: 'user', content: question }],
      ...(profile ? { context: { profile } } : {}),
    },
    new AbortController().signal,
  )) {
    events.push(event);
  }
  const { text } = summarize(events);
  const cards = events.flatMap((event) => (event.type === 'calculator' ? [event] : []));
  return { text: text.replace(/[\u00a0\u202f]/g, ' '), events, cards };
}

const profile: BusinessProfile = {
  trade: 'grafička',
  tradeKind: 'design',
  region: 'jihomoravsky',
  legalForm: 'zivnost-main',
  taxRegime: 'pausalni-dan',
  pausalBand: 1,
  vat: 'none',
  billableHoursPerWeek: 25,
};

describe('the library mentor with the business profile', () => {
  it('fills the answer from the profile: the trade, the region in the locative, the hours', async () => {
    const reply = await ask('cs', 'Kolik si mám říct za hodinu?', profile);
    expect(reply.text).toMatch(/Jako grafička pak převeď hodinovku na cenu projektu/);
    expect(reply.text).toMatch(/ve svém oboru v Jihomoravském kraji/);
    expect(reply.text).toMatch(/svých 25 h fakturované práce týdně/);
    // The trade is known: no question for it, no choices.
    expect(reply.events.some((event) => event.type === 'choices')).toBe(false);
    const en = await ask('en', 'How much should I charge per hour?', profile);
    expect(en.text).toMatch(/As a graphic designer, turn the rate into project prices/);
    expect(en.text).toMatch(/in your field in the South Moravian Region/);
  });

  it('says the user’s regime instead of listing every one', async () => {
    const reply = await ask('cs', 'Kolik si mám odkládat na daně a pojištění?', profile);
    expect(reply.text).toMatch(
      /Na paušální dani odkládáš jen měsíční platbu svého pásma, v 1\. pásmu 9 984 Kč/,
    );
    expect(reply.text).not.toMatch(/Mimo paušál platíš/);
    const flat = await ask('cs', 'Kolik si mám odkládat na daně a pojištění?', {
      taxRegime: 'flat-rate-expenses',
      flatRatePercent: 60,
    });
    expect(flat.text).toMatch(/Podnikáš s výdajovým paušálem 60 %, takže/);
    const sro = await ask('en', 'How much should I put aside for taxes?', { legalForm: 'sro' });
    expect(sro.text).toMatch(/With an s\. r\. o\. it works differently/);
    const payer = await ask('cs', 'Kdy se musím stát plátcem DPH?', { vat: 'monthly' });
    expect(payer.text).toMatch(/^Plátcem DPH už jsi/);
    expect(payer.text).not.toMatch(/registrovat se nemusíš/);
  });

  it('a profile with only a trade: that trade’s example, nothing else of a profile', async () => {
    const reply = await ask('cs', 'Kolik si mám říct za hodinu?', { trade: 'kadeřnice' });
    expect(reply.text).toMatch(/Jako kadeřnice z minima spočítej cenu úkonu/);
    expect(reply.text).toMatch(/ve svém oboru a městě/);
    expect(reply.text).not.toMatch(/z profilu\b|h fakturované práce/);
    const own = await ask('cs', 'Kolik si mám říct za hodinu?', { trade: 'svatební koordinace' });
    expect(own.text).toMatch(/V oboru „svatební koordinace“ počítej do hodin i čas/);
  });

  it('what the conversation says beats the profile', async () => {
    const reply = await ask('cs', 'Mám kavárnu. Kolik si mám říct za hodinu?', profile);
    expect(reply.text).toMatch(/S kavárnou neceníš hodiny, ale marži/);
    expect(reply.text).not.toMatch(/grafičk/);
    const vat = await ask('cs', 'Mám obrat 2,3 milionu, kdy se musím stát plátcem DPH?', {
      vat: 'none',
    });
    expect(vat.text).toMatch(/S obratem 2 300 000 Kč za rok jsi nad hranicí/);
  });

  it('what the conversation states about the regime, VAT or legal form beats the profile', async () => {
    const flat = { taxRegime: 'flat-rate-expenses', flatRatePercent: 60 } as const;
    const pausal = await ask('cs', 'Jsem na paušální dani. Kolik si mám odkládat na daně?', flat);
    expect(pausal.text).toMatch(
      /^Na paušální dani odkládáš jen měsíční platbu svého pásma \(v roce/,
    );
    const en = await ask(
      'en',
      'I use flat-rate expenses. How much should I put aside for taxes?',
      profile,
    );
    expect(en.text).toMatch(/^Your business runs with flat-rate expenses, so/);
    const payer = await ask('cs', 'Jsem plátce DPH. Kdy se musím stát plátcem DPH?', profile);
    expect(payer.text).toMatch(/^Plátcem DPH už jsi/);
    const sro = await ask('cs', 'Mám s.r.o. Kolik si mám odkládat na daně?', profile);
    expect(sro.text).toMatch(/^Se s\. r\. o\. je to jinak/);
    // Asking about a regime states nothing: the profile's case stays.
    const asking = await ask('cs', 'Mám mít s.r.o.? Kolik si mám odkládat na daně?', profile);
    expect(asking.text).toMatch(
      /^Na paušální dani odkládáš jen měsíční platbu svého pásma, v 1\. pásmu/,
    );
    // Repeating the profile's regime in fewer words keeps its band.
    const same = await ask('cs', 'Jsem na paušálu. Kolik si mám odkládat na daně?', profile);
    expect(same.text).toMatch(/v 1\. pásmu 9 984 Kč/);
  });

  it('no profile: no profile’s words, and the card asks for the numbers', async () => {
    const reply = await ask('cs', 'Vyplatí se mi paušální daň?');
    expect(reply.text).toMatch(/^Paušální daň se vyplatí, když/);
    expect(reply.text).not.toMatch(/profil/);
    expect(reply.text).toMatch(/Spočítej si to na kartě níž, doplň svoje čísla\./);
    const withProfile = await ask('cs', 'Vyplatí se mi paušální daň?', profile);
    expect(withProfile.text).toMatch(/^Jsi na paušální dani v 1\. pásmu\./);
    expect(withProfile.text).toMatch(
      /Spočítej si to na kartě níž – vyplnil jsem ji z tvého profilu\./,
    );
  });
});

describe('the library mentor offers a calculator as a card', () => {
  const typical: [Language, string, CalculatorId][] = [
    ['cs', 'Kolik si mám říct za hodinu?', 'hourly-rate'],
    ['cs', 'Vyplatí se mi paušální daň?', 'pausal'],
    ['cs', 'Kolik si mám odkládat na daně a pojištění?', 'put-aside'],
    ['cs', 'Kdy se musím stát plátcem DPH?', 'vat-watch'],
    ['cs', 'Mám založit živnost, nebo s. r. o.?', 'osvc-vs-sro'],
    ['en', 'How much should I charge per hour?', 'hourly-rate'],
    ['en', 'Is the flat-rate tax worth it for me?', 'pausal'],
    ['en', 'How much should I put aside for taxes?', 'put-aside'],
    ['en', 'When do I have to register for VAT?', 'vat-watch'],
    ['en', 'Should I be a sole trader or set up an s. r. o.?', 'osvc-vs-sro'],
    ['de', 'Wie viel soll ich pro Stunde verlangen?', 'hourly-rate'],
    ['de', 'Lohnt sich die Pauschalsteuer für mich?', 'pausal'],
    ['de', 'Wie viel soll ich für Steuern zurücklegen?', 'put-aside'],
    ['de', 'Wann muss ich mich für die Umsatzsteuer registrieren?', 'vat-watch'],
    ['de', 'Gewerbe oder s. r. o. gründen?', 'osvc-vs-sro'],
    ['es', '¿Cuánto debería cobrar por hora?', 'hourly-rate'],
    ['es', '¿Me compensa la cuota fija?', 'pausal'],
    ['es', '¿Cuánto debo apartar para impuestos?', 'put-aside'],
    ['es', '¿Cuándo tengo que darme de alta en el IVA?', 'vat-watch'],
    ['es', '¿Me hago autónomo o monto una s. r. o.?', 'osvc-vs-sro'],
  ];

  it.each(typical)('[%s] “%s” → %s, after the text', async (language, question, id) => {
    const reply = await ask(language, question, profile);
    expect(reply.cards.map((card) => card.calculator.id)).toEqual([id]);
    const at = reply.events.findIndex((event) => event.type === 'calculator');
    expect(reply.events.slice(at).some((event) => event.type === 'text')).toBe(false);
    expect(reply.events.at(-1)).toEqual({ type: 'done', mentor: 'library' });
  });

  it('with the numbers the question names', async () => {
    const hourly = await ask('cs', 'Beru 500 Kč na hodinu, kolik si mám říct za hodinu?');
    expect(hourly.cards[0]?.calculator).toEqual({
      id: 'hourly-rate',
      input: { currentHourly: 500 },
    });
    const pausal = await ask('cs', 'Mám obrat 1,6 milionu, vyplatí se mi paušální daň?', profile);
    expect(pausal.cards[0]?.calculator).toEqual({
      id: 'pausal',
      input: { yearlyIncome: 1_600_000 },
    });
  });

  it.each([
    ['cs', 'Jak napsat stálým zákazníkům, že zdražuju?'],
    ['cs', 'Jak získat první zákazníky?'],
    ['en', 'How do I deal with burnout?'],
    ['de', 'Wie schreibe ich eine gute Rechnung?'],
    ['es', '¿Cómo consigo mis primeros clientes?'],
  ] as [Language, string][])(
    'none for an unrelated question: [%s] “%s”',
    async (language, question) => {
      const reply = await ask(language, question, profile);
      expect(reply.cards).toEqual([]);
      expect(reply.text).not.toMatch(/kart|card|Karte|tarjeta/i);
    },
  );
});

describe('examples that fit the trade', () => {
  it('the first client’s price: a beautician’s, a café’s, or the general one', async () => {
    const question = 'Kolik si říct od prvního klienta, když nemám reference?';
    const beauty = await ask('cs', question, { trade: 'kosmetička' });
    expect(beauty.text).toMatch(/„Ošetření 1 400 Kč, pro prvních deset klientek 980 Kč/);
    expect(beauty.text).not.toMatch(/Web 24 000 Kč/);
    const cafe = await ask(
      'en',
      'What should I charge my first client when I have no references?',
      {
        tradeKind: 'food',
      },
    );
    expect(cafe.text).toMatch(/a free coffee with every breakfast/);
    const none = await ask('cs', question);
    expect(none.text).toMatch(/„Web 24 000 Kč/);
  });
});
