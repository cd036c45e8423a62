import type { FastifyRequest } from 'fastify';
import { pickLanguage, toSupportedLanguage, type Language } from '@partak/domain/languages';
import { LANGUAGE_COOKIE } from '@partak/domain/product';

/** The value of one cookie in a Cookie header, or undefined. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/** Accept-Language's tags, most wanted first; a tag with q=0 is one the browser refuses. */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language to send a page in, as the browser would pick it (web/src/i18n/language-detector.ts):
 * the stored choice (mirrored in a cookie), then the browser's languages, then Czech.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const choice = toSupportedLanguage(cookie(request.headers.cookie, LANGUAGE_COOKIE));
  return choice ?? pickLanguage(acceptedLanguages(request.headers['accept-language']));
}
