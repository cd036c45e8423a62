import { describe, expect, it } from 'vitest';
import { normalizeWords, withinOneEdit } from './words.ts';

describe('normalizeWords', () => {
  it('folds a message to padded words without diacritics, apostrophes or punctuation', () => {
    expect(normalizeWords('Už nechci žít… Don’t!')).toBe(' uz nechci zit dont ');
    expect(normalizeWords('Straße')).toBe(' strasse ');
  });
});

describe('withinOneEdit', () => {
  it('allows one insertion, deletion, replacement or swap of neighbours, no more', () => {
    expect(withinOneEdit('nechci', 'nehci')).toBe(true);
    expect(withinOneEdit('nechci', 'nechcu')).toBe(true);
    expect(withinOneEdit('sebevradz', 'sebevrazd')).toBe(true);
    expect(withinOneEdit('nechci', 'nech')).toBe(false);
    expect(withinOneEdit('zabit', 'zbavit')).toBe(false);
  });
});
