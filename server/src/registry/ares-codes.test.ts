import { describe, expect, it } from 'vitest';
import { REGIONS } from '@partak/domain/business-profile';
import { legalFormOfAresCode, regionOfKraj } from './ares-codes.ts';

describe("ARES's codes in our terms", () => {
  it('knows each of the fourteen kraje by its RÚIAN code, and nothing else', () => {
    const codes = [19, 27, 35, 43, 51, 60, 78, 86, 94, 108, 116, 124, 132, 141];
    const regions = codes.map(regionOfKraj);
    expect(new Set(regions)).toEqual(new Set(REGIONS.filter((region) => region !== 'abroad')));
    expect(regionOfKraj(116)).toBe('jihomoravsky');
    expect(regionOfKraj(141)).toBe('zlinsky');
    expect(regionOfKraj(0)).toBeUndefined();
    expect(regionOfKraj(undefined)).toBeUndefined();
  });

  it('names an s. r. o. and leaves a sole trader and other forms to the user', () => {
    expect(legalFormOfAresCode('112')).toBe('sro');
    for (const code of ['101', '105', '107', '121', '706', undefined]) {
      expect(legalFormOfAresCode(code)).toBeUndefined();
    }
  });
});
