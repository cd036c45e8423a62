import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '@partak/domain/languages';

/** The language for mail: the browser's Accept-Language, in its order of preference. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  const candidates = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag: tag ?? '', q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
  return pickLanguage(candidates);
}

/**
 * Where to send the browser after an email link: `redirect_to` when it points at our own site
 * (or is a path on it), otherwise the site itself. An open redirect would let anyone dress a
 * phishing page in our links.
 */
export function safeRedirect(redirectTo: unknown, siteUrl: string): string {
  const home = new URL(siteUrl).toString();
  if (typeof redirectTo !== 'string' || redirectTo === '') return home;
  try {
    const site = new URL(siteUrl);
    const target = new URL(redirectTo, site);
    const sameSite =
      target.protocol === site.protocol &&
      (target.host === site.host ||
        (site.hostname === 'localhost' && target.hostname === 'localhost'));
    return sameSite ? target.toString() : home;
  } catch {
    return home;
  }
}
