// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { takesZe } from './czech-ze.ts';

describe('"z" or "ze" before a number', () => {
  it('follows how the number is read in the genitive', () => {
    const ze = [
      2, 3, 4, 6, 7, 12, 13, 14, 16, 17, 20, 23, 30, 45, 61, 77, 100, 150, 200, 700, 2000,
    ];
    const z = [1, 5, 8, 9, 10, 11, 15, 18, 19, 50, 58, 80, 99, 500, 800, 1000, 1500, 5000];
    expect(ze.filter((n) => !takesZe(n))).toEqual([]);
    expect(z.filter((n) => takesZe(n))).toEqual([]);
  });
});
