import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, type Language } from '@partak/domain/languages';

const MESSAGES = JSON.parse(
  readFileSync(new URL('../../../../content/sms.json', import.meta.url), 'utf8'),
) as Record<Language, string>;

/** E.164: a plus, a country code and at most 15 digits (spaces and dashes are dropped first). */
export function normalizePhone(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const phone = input.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(phone) ? phone : undefined;
}

/** A six-digit code from the CSPRNG (never Math.random: the code is a credential). */
export function newPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function phoneCodeMessage(language: Language, code: string): string {
  return (MESSAGES[language] ?? MESSAGES[DEFAULT_LANGUAGE]).replace('{{code}}', code);
}
