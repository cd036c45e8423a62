import type { Language } from '@partak/domain/languages';
import { LANGUAGE_COOKIE } from '@partak/domain/product';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the user's language choice into a cookie, so the server sends the next page already in
 * that language. Only a choice is mirrored: without one the server follows Accept-Language, as
 * the browser's own detection does.
 */
export function mirrorLanguageChoice(language: Language): void {
  const value = `${LANGUAGE_COOKIE}=${language}`;
  if (document.cookie.split('; ').includes(value)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
