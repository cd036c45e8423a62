import { foldText } from './chat.ts';

/**
 * A message as phrase patterns read it: lower case, no diacritics, ß as ss, apostrophes dropped
 * ("don't" → "dont"), everything else that is not a letter or digit one space, padded with a
 * space at each end so a pattern can ask for whole words.
 */
export function normalizeWords(text: string): string {
  const words = foldText(text)
    .replace(/ß/g, 'ss')
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

/** True when a and b differ by at most one edit (insert, delete, replace or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.length === restB.length) {
    return (
      restA.slice(1) === restB.slice(1) ||
      (restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2))
    );
  }
  return restA.length > restB.length ? restA.slice(1) === restB : restA === restB.slice(1);
}
