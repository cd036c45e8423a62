import { describe, expect, it } from 'vitest';
import { CALCULATORS } from './index.ts';
import { figures } from './test-figures.ts';
import { CALCULATOR_IDS } from './types.ts';

describe('the calculators by id', () => {
  it('has one function for every id of the contract', () => {
    expect(Object.keys(CALCULATORS).sort()).toEqual([...CALCULATOR_IDS].sort());
  });

  it('answers an input of the wrong shape with problems, never by throwing', () => {
    for (const id of CALCULATOR_IDS) {
      const calculator = CALCULATORS[id] as (input: unknown, f: typeof figures) => unknown;
      for (const input of [undefined, null, 42, 'text', [], {}]) {
        const result = calculator(input, figures) as { ok: boolean; problems: unknown[] };
        expect(result.ok, `${id} ${JSON.stringify(input)}`).toBe(false);
        expect(result.problems.length, `${id} ${JSON.stringify(input)}`).toBeGreaterThan(0);
      }
    }
  });

  it('looks a calculator up by id and computes', () => {
    const result = CALCULATORS['put-aside'](
      { invoiceAmount: 10_000, regime: { kind: 'real-expenses' }, year: 2026 } as never,
      figures,
    );
    expect(result).toMatchObject({ ok: true, value: { keep: 3_781 } });
  });
});
