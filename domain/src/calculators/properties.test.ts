import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALCULATORS, comparePausal, hourlyRate, putAside, vatWatch } from './index.ts';
import { yearlyCost } from './osvc-costs.ts';
import { figures, value, year2026 } from './test-figures.ts';
import {
  CALCULATOR_IDS,
  type PausalComparisonResult,
  type Regime,
  type VatStatus,
} from './types.ts';

/* Properties that must hold for any input: more income never costs less. */
const year = year2026();
const regimes = fc.constantFrom<Regime>(
  { kind: 'flat-rate-expenses', percent: 80 },
  { kind: 'flat-rate-expenses', percent: 60 },
  { kind: 'flat-rate-expenses', percent: 40 },
  { kind: 'flat-rate-expenses', percent: 30 },
  { kind: 'real-expenses' },
);
const activities = fc.constantFrom('main' as const, 'side' as const);
const income = fc.integer({ min: 0, max: 6_000_000 });
const more = fc.integer({ min: 0, max: 1_000_000 });
/** The lowest total of a comparison, checking that it is the one listed first. */
function cheapestTotal(result: PausalComparisonResult): number {
  const lowest = Math.min(...result.regimes.map((regime) => regime.total));
  expect(result.regimes[0]?.total).toBe(lowest);
  return lowest;
}

describe('the calculators, for any input', () => {
  it('never charge less tax or insurance for more income', () => {
    fc.assert(
      fc.property(
        income,
        more,
        fc.integer({ min: 0, max: 500_000 }),
        regimes,
        activities,
        (a, b, costs, regime, activity) => {
          const less = yearlyCost(regime, a, costs, activity, year);
          const larger = yearlyCost(regime, a + b, costs, activity, year);
          expect(larger.tax).toBeGreaterThanOrEqual(less.tax);
          expect(larger.social).toBeGreaterThanOrEqual(less.social);
          expect(larger.health).toBeGreaterThanOrEqual(less.health);
        },
      ),
    );
  });

  it('never make the cheapest regime cheaper for more income', () => {
    fc.assert(
      fc.property(income, more, fc.constantFrom(80, 60, 40, 30 as const), (a, b, percent) => {
        const cheapest = (yearlyIncome: number) =>
          cheapestTotal(
            value(comparePausal({ yearlyIncome, flatRatePercent: percent, year: 2026 }, figures)),
          );
        expect(cheapest(a + b)).toBeGreaterThanOrEqual(cheapest(a));
      }),
    );
  });

  it('always reach the wanted net, and never ask less for more within a regime', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 5, max: 60 }),
        fc.oneof(regimes, fc.constantFrom<Regime>({ kind: 'pausalni-dan', band: 1 })),
        activities,
        (net, extra, hours, regime, activity) => {
          const at = (netMonthlyIncome: number) =>
            value(
              hourlyRate(
                {
                  netMonthlyIncome,
                  monthlyCosts: 2_000,
                  billableHoursPerWeek: hours,
                  regime,
                  activity,
                  year: 2026,
                },
                figures,
              ),
            );
          const lower = at(net);
          const higher = at(net + extra);
          expect(lower.netMonthly).toBeGreaterThanOrEqual(net);
          // Leaving paušální daň over its limit for the flat rate can really cost less (band 3's
          // payment is more than the flat rate's tax and insurance near 2 M Kč): only within one
          // regime must the rate rise.
          if (lower.pausalNotPossible === higher.pausalNotPossible) {
            expect(higher.hourly).toBeGreaterThanOrEqual(lower.hourly);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never keep less of a larger invoice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.oneof(regimes, fc.constantFrom<Regime>({ kind: 'pausalni-dan', band: 2 })),
        fc.constantFrom(undefined, 12, 21),
        (amount, extra, regime, vatRate) => {
          const keep = (invoiceAmount: number) =>
            value(putAside({ invoiceAmount, regime, vatRate, year: 2026 }, figures)).keep;
          expect(keep(amount + extra)).toBeGreaterThanOrEqual(keep(amount));
        },
      ),
    );
  });

  it('never say a lower VAT status for a larger turnover', () => {
    const rank: Record<VatStatus, number> = {
      below: 0,
      approaching: 1,
      'over-registration': 2,
      'over-immediate': 3,
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (monthlyTurnover, extra) => {
          const status = (turnover: number[]) =>
            rank[
              value(vatWatch({ monthlyTurnover: turnover, asOf: '2026-11-26' }, figures)).status
            ];
          const larger = monthlyTurnover.map((amount, i) => (i === 0 ? amount + extra : amount));
          expect(status(larger)).toBeGreaterThanOrEqual(status(monthlyTurnover));
        },
      ),
    );
  });

  it('never throw, whatever they are given', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CALCULATOR_IDS), fc.anything(), (id, input) => {
        const calculator = CALCULATORS[id] as (input: unknown, f: typeof figures) => unknown;
        expect(() => calculator(input, figures)).not.toThrow();
      }),
    );
  });
});
