import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice, PLANS } from './plans.ts';

describe('formatMonthlyPrice', () => {
  it('writes each language’s price its own way', () => {
    expect(formatMonthlyPrice('cs')).toBe('599\u00a0Kč');
    expect(formatMonthlyPrice('en')).toBe('$19.99');
    expect(formatMonthlyPrice('es')).toBe('19,99\u00a0€');
    expect(formatMonthlyPrice('de')).toBe('19,99\u00a0€');
  });

  it('matches the spec’s catalogue', () => {
    expect(PLANS.cs).toEqual({ currency: 'CZK', monthly: 599 });
    expect(PLANS.de).toEqual({ currency: 'EUR', monthly: 19.99 });
  });
});
