/*
 * Rounding to whole crowns as the law does, free of binary floating-point noise: 720 000 × 0.55
 * is 396 000.00000000006 in a double, and a plain Math.ceil would charge a crown too much. The
 * rates have at most two decimals of a percent, so four decimals of a crown are exact; the
 * product is first rounded to them.
 */
const EXACT = 10_000;

function settled(amount: number): number {
  return Math.round(amount * EXACT) / EXACT;
}

/** Up to whole crowns (insurance premiums and bases, § 146 daňového řádu for taxes). */
export function roundUp(amount: number): number {
  return Math.ceil(settled(amount));
}

/** Down to whole crowns (a withholding tax, § 36 odst. 3 ZDP). */
export function roundDown(amount: number): number {
  return Math.floor(settled(amount));
}
