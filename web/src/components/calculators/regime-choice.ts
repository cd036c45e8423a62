import type { BusinessProfile } from '@partak/domain/business-profile';
import type { Activity, Regime } from '@partak/domain/calculators/types';

/** A regime as one choice of a select: `pausal-1`, `flat-60`, `real`. */
export const REGIME_CHOICES = [
  'pausal-1',
  'pausal-2',
  'pausal-3',
  'flat-80',
  'flat-60',
  'flat-40',
  'flat-30',
  'real',
] as const;
export type RegimeChoice = (typeof REGIME_CHOICES)[number];

export function regimeOf(choice: string): Regime | undefined {
  const [kind, number] = choice.split('-');
  if (kind === 'real') return { kind: 'real-expenses' };
  if (kind === 'pausal' && ['1', '2', '3'].includes(number ?? '')) {
    return { kind: 'pausalni-dan', band: Number(number) as 1 | 2 | 3 };
  }
  if (kind === 'flat' && ['80', '60', '40', '30'].includes(number ?? '')) {
    return { kind: 'flat-rate-expenses', percent: Number(number) as 80 | 60 | 40 | 30 };
  }
  return undefined;
}

export function choiceOf(regime: Regime): RegimeChoice {
  if (regime.kind === 'pausalni-dan') return `pausal-${regime.band}`;
  if (regime.kind === 'flat-rate-expenses') return `flat-${regime.percent}`;
  return 'real';
}

/** The regime the profile names (flat-rate 60 % when it says none: the most common trades). */
export function profileRegime(profile: BusinessProfile): RegimeChoice {
  if (profile.taxRegime === 'pausalni-dan') return `pausal-${profile.pausalBand ?? 1}`;
  if (profile.taxRegime === 'real-expenses') return 'real';
  return `flat-${profile.flatRatePercent ?? 60}`;
}

export const profileActivity = (profile: BusinessProfile): Activity =>
  profile.legalForm === 'zivnost-side' ? 'side' : 'main';
