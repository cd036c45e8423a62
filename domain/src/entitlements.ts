/**
 * What each plan gets, defined once: the server enforces it (server/src/billing/entitlements.ts)
 * and /subscription shows it. Billing off (no payment keys, every self-hosted install that does
 * not sell): everyone has everything and nothing here applies.
 */

export const TIERS = ['free', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

/** Defaults of FREE_MODEL_REPLIES and FREE_SAVED_CONVERSATIONS. */
export const DEFAULT_FREE_LIMITS = { modelReplies: 20, savedConversations: 20 } as const;

export interface FreeLimits {
  /** AI model replies a calendar month (UTC) on the free plan. */
  modelReplies: number;
  /** Saved conversations an account keeps in sync on the free plan. */
  savedConversations: number;
}

/** Days a subscription whose renewal payment failed keeps premium while the card is fixed. */
export const PAYMENT_GRACE_DAYS = 3;

/** One line of the plan comparison; `limited` lines show the free plan's number. */
export type PlanFeature =
  | 'library'
  | 'topics'
  | 'libraryMentor'
  | 'goals'
  | 'calculators'
  | 'modelReplies'
  | 'savedConversations';

export interface PlanLine {
  feature: PlanFeature;
  /** What the plan gives: all of it, a number of it (per month or kept), or none. */
  free: 'included' | 'limited';
  premium: 'included' | 'unlimited';
}

/** The plan comparison, in the order /subscription shows it. */
export const PLAN_LINES: readonly PlanLine[] = [
  { feature: 'library', free: 'included', premium: 'included' },
  { feature: 'topics', free: 'included', premium: 'included' },
  { feature: 'libraryMentor', free: 'included', premium: 'included' },
  { feature: 'goals', free: 'included', premium: 'included' },
  { feature: 'calculators', free: 'included', premium: 'included' },
  { feature: 'modelReplies', free: 'limited', premium: 'unlimited' },
  { feature: 'savedConversations', free: 'limited', premium: 'unlimited' },
];

/** A limit the tier has on a counted thing: a number, or none (premium, or billing off). */
export function limitOf(
  tier: Tier,
  thing: keyof FreeLimits,
  limits: FreeLimits,
): number | undefined {
  return tier === 'premium' ? undefined : limits[thing];
}

/** The month a model reply counts towards: its UTC calendar month, "2026-11". */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
