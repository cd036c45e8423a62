import type { Language } from '@partak/domain/languages';
import { withConversation, type ProfilePhrases } from './profile-slots.ts';
import type { PhraseSlot, SlotValues } from './render.ts';

const phrase = (id: string, text: string): PhraseSlot => ({ id, text });

/**
 * What a person states about their regime, VAT and legal form in the conversation ("Jsem na
 * paušální dani.", "I'm a VAT payer."), so it beats the profile. Read only from sentences that
 * state rather than ask ("Mám mít s. r. o.?" states nothing), and only in the plainest phrasings:
 * a missed statement leaves the profile's value, a wrong one would answer someone else's case.
 */
const STATED: { slot: 'regime' | 'vat' | 'legalForm'; id: string; pattern: RegExp }[] = [
  {
    slot: 'regime',
    id: 'pausalni-dan',
    pattern:
      /\b(jsem|jedu) (na|v) pausal(u|ni dani|nim rezimu)\b|\bi'?m on the flat(-rate)? tax\b|\bich (bin|zahle) (in der|die) pauschalsteuer\b|\b(estoy en|pago) la cuota fija\b/,
  },
  {
    slot: 'regime',
    id: 'flat-rate-expenses',
    pattern:
      /\b(mam|uplatnuju|uplatnuji|jedu na|jedu s) vydajov\w* pausal\w*|\bi use flat-rate expenses\b|\bich nutze die ausgabenpauschale\b|\buso el porcentaje fijo de gastos\b/,
  },
  {
    slot: 'regime',
    id: 'real-expenses',
    pattern:
      /\b(uplatnuju|uplatnuji|mam|davam) skutecn\w* vydaj\w*|\bi use real expenses\b|\bich setze die tatsachlichen ausgaben\b|\buso gastos reales\b/,
  },
  {
    slot: 'vat',
    id: 'none',
    pattern:
      /\b(nejsem|nejsme) platc\w* dph\b|\bjsem neplatc\w* dph\b|\bi'?m not (a )?vat payer\b|\bich bin nicht umsatzsteuerpflichtig\b|\bno soy pagador de iva\b/,
  },
  {
    slot: 'vat',
    id: 'payer',
    pattern:
      /(?<!ne)\b(jsem|jsme) platc\w* dph\b|\bi'?m a vat payer\b|\bich bin umsatzsteuerpflichtig\b|\bsoy pagador de iva\b/,
  },
  {
    slot: 'legalForm',
    id: 'sro',
    pattern:
      /\b(mam|mame|podnikam pres|podnikame pres) (s\.? ?r\.? ?o\.?|sro|eseroc\w*)(?![\p{L}])|\bi (have|run) an s\.? ?r\.? ?o\b|\bich habe eine s\.? ?r\.? ?o\b|\btengo una s\.? ?r\.? ?o\b/u,
  },
];

/** The statements of the conversation about regime, VAT and legal form, latest last. */
export function statedCase(
  messages: readonly string[],
  phrases: ProfilePhrases,
  language: Language,
): SlotValues {
  const slots: SlotValues = {};
  for (const message of messages) {
    const folded = message
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[’]/g, "'")
      // "s. r. o." is one word, not three sentences.
      .replace(/\bs\.\s?r\.\s?o\b/g, 'sro');
    const statements = folded
      .split(/(?<=[.!?\n])\s+/)
      .filter((sentence) => !sentence.includes('?'));
    for (const sentence of statements) {
      for (const { slot, id, pattern } of STATED) {
        if (!pattern.test(sentence)) continue;
        if (slot === 'regime') {
          const phraseId = id as 'pausalni-dan' | 'flat-rate-expenses' | 'real-expenses';
          const stated = id === 'pausalni-dan' ? 'pausalni-dan-unknown' : id;
          slots.regime = phrase(stated, phrases.regimes[phraseId][language]);
        } else if (slot === 'vat') {
          slots.vat = phrase(id, phrases.vat[id as 'payer' | 'none'][language]);
        } else {
          slots.legalForm = phrase(id, phrases.legalForms.sro[language]);
        }
      }
    }
  }
  return slots;
}

/**
 * The profile's case with the conversation's statements on top; a statement that only repeats
 * the profile's regime in fewer words ("jsem na paušálu" for band 2) keeps the profile's detail.
 */
export function withStatedCase(profile: SlotValues, stated: SlotValues): SlotValues {
  const merged = withConversation(profile, stated);
  const kindOf = (id = '') => id.replace(/-(\d+|unknown)$/, '');
  if (profile.regime && stated.regime && kindOf(profile.regime.id) === kindOf(stated.regime.id))
    merged.regime = profile.regime;
  // An s. r. o. has no regime of an OSVČ.
  if (stated.legalForm?.id === 'sro' && !stated.regime) delete merged.regime;
  return merged;
}
