import { z } from 'zod/mini';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { REGIONS, TRADE_KINDS } from '@partak/domain/business-profile';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { BUSINESS_KINDS } from './answer-schema.ts';
import type { PhraseSlot, SlotValues } from './render.ts';
import { slotsIn, tradeSlot, type Trade } from './slots.ts';

const perLanguage = <T extends z.core.SomeType>(schema: T) =>
  z.object(Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, schema])) as Record<Language, T>);
const tradePhrase = z.object({ as: z.string(), for: z.string() });

/** The phrases of content/mentor/profile-phrases.json, checked at start. */
export const ProfilePhrasesSchema = z.object({
  tradeKinds: z.partialRecord(
    z.enum(TRADE_KINDS),
    z.object({
      kind: z.optional(z.enum(BUSINESS_KINDS)),
      ...perLanguage(tradePhrase).shape,
    }),
  ),
  ownTrade: perLanguage(z.string().check(z.includes('{{trade}}'))),
  regions: z.record(z.enum(REGIONS), perLanguage(z.string())),
  legalForms: z.record(
    z.enum(['zivnost-main', 'zivnost-side', 'sro', 'not-yet']),
    perLanguage(z.string()),
  ),
  regimes: z.record(
    z.enum([
      'pausalni-dan',
      'pausalni-dan-1',
      'pausalni-dan-2',
      'pausalni-dan-3',
      'flat-rate-expenses',
      'flat-rate-expenses-percent',
      'real-expenses',
    ]),
    perLanguage(z.string()),
  ),
  vat: z.record(z.enum(['payer', 'none']), perLanguage(z.string())),
});
export type ProfilePhrases = z.infer<typeof ProfilePhrasesSchema>;

/** The longest piece of the user's own trade words an answer repeats. */
const OWN_TRADE_MAX_CHARS = 60;

/**
 * The user's own trade words, safe to put into a Markdown reply: one line, no Markdown or HTML
 * marks (the words are theirs, but the reply renders them: a "[x](javascript:…)" or "**" must
 * not become a link or break the formatting), no quotes that would close ours, shortened.
 */
export function ownTradeWords(trade: string): string {
  const clean = trade
    .normalize('NFC')
    .replace(/[\p{C}\s]+/gu, ' ')
    .replace(/[[\]()*_`<>#|\\~"„“”«»{}]/g, '')
    .trim();
  if (clean.length <= OWN_TRADE_MAX_CHARS) return clean;
  return `${clean.slice(0, OWN_TRADE_MAX_CHARS).replace(/\s+\S*$/, '')}…`;
}

const phrase = (id: string, text: string): PhraseSlot => ({ id, text });

/** The trade of a profile: a lexicon trade its words name, else its kind's phrase, else its words. */
function tradeOf(
  profile: BusinessProfile,
  phrases: ProfilePhrases,
  trades: readonly Trade[],
  language: Language,
): SlotValues['trade'] {
  const words = profile.trade ? ownTradeWords(profile.trade) : '';
  // "grafička", "kavárna": the lexicon knows how to say it ("jako grafička") and its kind.
  const known = words ? slotsIn(words, trades).trade : undefined;
  const kind = profile.tradeKind ? phrases.tradeKinds[profile.tradeKind] : undefined;
  if (known && (!kind?.kind || kind.kind === known.kind)) return tradeSlot(known, language);
  if (kind) return { ...(kind.kind ? { kind: kind.kind } : {}), ...kind[language] };
  if (!words) return undefined;
  // Their own words only where any words fit: "v oboru „svatební focení“".
  const own = phrases.ownTrade[language].replace('{{trade}}', words);
  return { as: own, for: own };
}

function regimeOf(profile: BusinessProfile, phrases: ProfilePhrases, language: Language) {
  const { taxRegime, pausalBand, flatRatePercent } = profile;
  // An s. r. o. has no regime of an OSVČ, whatever the profile still says.
  if (!taxRegime || profile.legalForm === 'sro') return undefined;
  if (taxRegime === 'pausalni-dan' && pausalBand) {
    const id = `pausalni-dan-${pausalBand}` as const;
    return phrase(id, phrases.regimes[id][language]);
  }
  if (taxRegime === 'flat-rate-expenses' && flatRatePercent) {
    const text = phrases.regimes['flat-rate-expenses-percent'][language];
    return phrase(
      `flat-rate-expenses-${flatRatePercent}`,
      text.replace('{{percent}}', String(flatRatePercent)),
    );
  }
  // Paušální daň of a band not told: `pausalni-dan-unknown` (answers name band 1's amount so).
  const id = taxRegime === 'pausalni-dan' ? 'pausalni-dan-unknown' : taxRegime;
  return phrase(id, phrases.regimes[taxRegime][language]);
}

/** What a business profile tells an answer, in the reader's language. */
export function slotsFromProfile(
  profile: BusinessProfile | undefined,
  phrases: ProfilePhrases,
  trades: readonly Trade[],
  language: Language,
): SlotValues {
  if (!profile) return {};
  const slots: SlotValues = {};
  const trade = tradeOf(profile, phrases, trades, language);
  if (trade) slots.trade = trade;
  if (profile.region)
    slots.region = phrase(profile.region, phrases.regions[profile.region][language]);
  if (profile.legalForm)
    slots.legalForm = phrase(profile.legalForm, phrases.legalForms[profile.legalForm][language]);
  const regime = regimeOf(profile, phrases, language);
  if (regime) slots.regime = regime;
  if (profile.vat) {
    const vat = profile.vat === 'none' ? 'none' : 'payer';
    slots.vat = phrase(vat, phrases.vat[vat][language]);
  }
  if (profile.billableHoursPerWeek) slots.hours = profile.billableHoursPerWeek;
  if (Object.keys(slots).length > 0) slots.fromProfile = true;
  return slots;
}

/**
 * The slots of the profile with what the conversation told on top: a trade or an amount the
 * person names in the chat is their case now, whatever the profile says.
 */
export function withConversation(profile: SlotValues, conversation: SlotValues): SlotValues {
  const merged: SlotValues = { ...profile };
  for (const [key, value] of Object.entries(conversation)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
