import { describe, expect, it } from 'vitest';
import { REGIONS, type BusinessProfile } from '@partak/domain/business-profile';
import { readMentorFile } from '../templates.ts';
import {
  ownTradeWords,
  ProfilePhrasesSchema,
  slotsFromProfile,
  withConversation,
} from './profile-slots.ts';
import { statedCase, withStatedCase } from './stated-case.ts';
import { compileTrades, slotsFrom } from './slots.ts';

const trades = compileTrades(await readMentorFile('trades.json'));
const phrases = ProfilePhrasesSchema.parse(await readMentorFile('profile-phrases.json'));
const slots = (profile: BusinessProfile, language: 'cs' | 'en' | 'de' | 'es' = 'cs') =>
  slotsFromProfile(profile, phrases, trades, language);

const full: BusinessProfile = {
  trade: 'grafička',
  tradeKind: 'design',
  region: 'jihomoravsky',
  legalForm: 'zivnost-main',
  taxRegime: 'pausalni-dan',
  pausalBand: 1,
  vat: 'none',
  billableHoursPerWeek: 25,
};

describe('slots from the business profile', () => {
  it('says the whole case in Czech and in English', () => {
    expect(slots(full)).toEqual({
      trade: { kind: 'creative', as: 'jako grafička', for: 'pro grafičku' },
      region: { id: 'jihomoravsky', text: 'v Jihomoravském kraji' },
      legalForm: { id: 'zivnost-main', text: 'na živnost jako hlavní činnost' },
      regime: { id: 'pausalni-dan-1', text: 'na paušální dani v 1. pásmu' },
      vat: { id: 'none', text: 'jako neplátce DPH' },
      hours: 25,
      fromProfile: true,
    });
    expect(slots(full, 'en')).toMatchObject({
      trade: { kind: 'creative', as: 'as a graphic designer' },
      region: { text: 'in the South Moravian Region' },
      regime: { id: 'pausalni-dan-1', text: 'on the flat-rate tax in band 1' },
      vat: { text: 'not registered for VAT' },
    });
  });

  it('puts every region in the locative', () => {
    const said = REGIONS.map((region) => slots({ region }).region?.text);
    expect(said).toContain('v Praze');
    expect(said).toContain('na Vysočině');
    expect(said).toContain('ve Středočeském kraji');
    expect(said).toContain('ve Zlínském kraji');
    for (const text of said) expect(text).toMatch(/^(v|ve|na) \p{Lu}|^v zahraničí$/u);
    for (const region of REGIONS) {
      for (const language of ['en', 'de', 'es'] as const)
        expect(slots({ region }, language).region?.text).toMatch(/^(in|im|en|abroad)\b/);
    }
  });

  it('says the flat-rate percentage, the band, the VAT payer', () => {
    expect(slots({ taxRegime: 'flat-rate-expenses', flatRatePercent: 60 }).regime).toEqual({
      id: 'flat-rate-expenses-60',
      text: 's výdajovým paušálem 60 %',
    });
    expect(slots({ taxRegime: 'pausalni-dan', pausalBand: 2 }).regime?.text).toBe(
      'na paušální dani ve 2. pásmu',
    );
    expect(slots({ taxRegime: 'pausalni-dan' }).regime?.id).toBe('pausalni-dan-unknown');
    expect(slots({ vat: 'quarterly' }).vat).toEqual({ id: 'payer', text: 'jako plátce DPH' });
    // An s. r. o. has no regime of an OSVČ, whatever the profile still says.
    expect(slots({ legalForm: 'sro', taxRegime: 'pausalni-dan' }).regime).toBeUndefined();
  });

  it('from a trade alone: the lexicon’s phrase, the kind’s phrase, or the user’s words where any fit', () => {
    expect(slots({ trade: 'kadeřnice' }).trade).toEqual({
      kind: 'beauty',
      as: 'jako kadeřnice',
      for: 'pro kadeřnici',
    });
    expect(slots({ tradeKind: 'construction' }).trade).toEqual({
      kind: 'crafts',
      as: 've stavebnictví',
      for: 've stavebnictví',
    });
    expect(slots({ trade: 'svatební koordinace', tradeKind: 'other' }).trade).toEqual({
      as: 'v oboru „svatební koordinace“',
      for: 'v oboru „svatební koordinace“',
    });
    expect(slots({ trade: 'wedding planning' }, 'en').trade?.as).toBe('in “wedding planning”');
    expect(slots({ trade: 'Hochzeitsplanung' }, 'de').trade?.as).toBe(
      'im Bereich „Hochzeitsplanung“',
    );
  });

  it('keeps Markdown and quotes of the user’s words out of the reply', () => {
    expect(ownTradeWords('[klik](javascript:alert(1)) **tučně**\n„x“')).toBe(
      'klikjavascript:alert1 tučně x',
    );
    expect(ownTradeWords('a'.repeat(50) + ' ' + 'b'.repeat(50))).toBe(`${'a'.repeat(50)}…`);
  });

  it('nothing from no profile, or an empty one', () => {
    expect(slotsFromProfile(undefined, phrases, trades, 'cs')).toEqual({});
    expect(slots({ onboardedAt: '2026-11-26T10:00:00.000Z' })).toEqual({});
  });

  it('what the conversation says beats the profile', () => {
    const fromChat = slotsFrom(['Mám kavárnu a obrat 1,6 milionu.'], trades, 'cs');
    const merged = withConversation(slots(full), fromChat);
    expect(merged.trade).toEqual({ kind: 'food', as: 's kavárnou', for: 'pro kavárnu' });
    expect(merged.turnover).toBe(1_600_000);
    expect(merged.region?.text).toBe('v Jihomoravském kraji');
  });
});

describe('the case a conversation states', () => {
  const stated = (message: string, language: 'cs' | 'en' | 'de' | 'es' = 'cs') =>
    statedCase([message], phrases, language);

  it('reads plain statements of regime, VAT and legal form in each language', () => {
    expect(stated('Jsem na paušální dani a fotím svatby.').regime?.id).toBe('pausalni-dan-unknown');
    expect(stated('Uplatňuju výdajový paušál.').regime?.text).toBe('s výdajovým paušálem');
    expect(stated('Nejsem plátce DPH.').vat?.id).toBe('none');
    expect(stated('Jsem plátce DPH od ledna.').vat?.id).toBe('payer');
    expect(stated('Mám s. r. o. se dvěma lidmi.').legalForm?.id).toBe('sro');
    expect(stated("I'm a VAT payer.", 'en').vat).toEqual({ id: 'payer', text: 'as a VAT payer' });
    expect(stated('Ich bin umsatzsteuerpflichtig.', 'de').vat?.id).toBe('payer');
    expect(stated('Estoy en la cuota fija.', 'es').regime?.id).toBe('pausalni-dan-unknown');
  });

  it('reads nothing from a question', () => {
    expect(stated('Mám mít s.r.o.?')).toEqual({});
    expect(stated('Jsem plátce DPH, když mám obrat 2 miliony?')).toEqual({});
    expect(stated('Jak poznám, že jsem na paušální dani správně?')).toEqual({});
  });

  it('beats the profile, keeping its detail when it only repeats it', () => {
    const profile = slots(full);
    expect(withStatedCase(profile, stated('Jsem na paušálu.')).regime?.id).toBe('pausalni-dan-1');
    expect(withStatedCase(profile, stated('Uplatňuju skutečné výdaje.')).regime?.id).toBe(
      'real-expenses',
    );
    const sro = withStatedCase(profile, stated('Mám eseróčko.'));
    expect(sro.legalForm?.id).toBe('sro');
    expect(sro.regime).toBeUndefined();
  });
});
