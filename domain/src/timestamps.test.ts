import { describe, expect, it } from 'vitest';
import { IsoTimestampSchema } from './timestamps.ts';

describe('IsoTimestampSchema', () => {
  it('takes what toISOString writes', () => {
    expect(IsoTimestampSchema.safeParse(new Date(0).toISOString()).success).toBe(true);
    expect(IsoTimestampSchema.safeParse('0001-01-01T00:00:00.000Z').success).toBe(true);
  });

  it('refuses year 0000, which the database cannot store', () => {
    expect(IsoTimestampSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
});
