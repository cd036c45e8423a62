/** Numbers from 1 to 19 whose Czech genitive takes "ze": dvou, tří, čtyř, šesti, sedmi, dvanácti… */
const ZE_UNITS = new Set([2, 3, 4, 6, 7, 12, 13, 14, 16, 17]);
/** Tens that take it: dvaceti, třiceti, čtyřiceti, šedesáti, sedmdesáti. */
const ZE_TENS = new Set([2, 3, 4, 6, 7]);

/**
 * Whether Czech writes "ze" rather than "z" before a number written in digits, which is read
 * aloud ("2 ze 4 kroků": ze čtyř; "3 z 5 kroků": z pěti). The rule follows the sound of the
 * number's first word in the genitive: "ze" before s, z, š, ž and the clusters dv, tř, čt.
 */
export function takesZe(count: number): boolean {
  const n = Math.trunc(Math.abs(count));
  if (n >= 1000) {
    const thousands = Math.trunc(n / 1000);
    return thousands !== 1 && takesZe(thousands); // z tisíce, ze dvou tisíc
  }
  if (n >= 100) return n < 200 || ZE_TENS.has(Math.trunc(n / 100)); // ze sta, ze dvou set
  if (n >= 20) return ZE_TENS.has(Math.trunc(n / 10));
  return ZE_UNITS.has(n);
}
