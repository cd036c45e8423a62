import type { TFunction } from 'i18next';

/** The scopes GoTrue's OAuth server grants (its `validateScopes`), in the order they are shown. */
const KNOWN_SCOPES = ['openid', 'email', 'profile', 'phone'] as const;
type KnownScope = (typeof KNOWN_SCOPES)[number];

const isKnown = (scope: string): scope is KnownScope =>
  (KNOWN_SCOPES as readonly string[]).includes(scope);

/**
 * What an app may do, as sentences for the user: the known scopes in a fixed order, then any other
 * scope as the server named it. `scopes` is a space-separated string (an authorization's `scope`)
 * or a list (a grant's `scopes`).
 */
export function scopeSentences(scopes: string | readonly string[], t: TFunction<'auth'>): string[] {
  const list = typeof scopes === 'string' ? scopes.split(/\s+/) : scopes;
  const given = [...new Set(list.map((scope) => scope.trim()).filter((scope) => scope !== ''))];
  if (given.length === 0) return [t('scopes.none')];
  return [
    ...KNOWN_SCOPES.filter((scope) => given.includes(scope)).map((scope) => t(`scopes.${scope}`)),
    ...given.filter((scope) => !isKnown(scope)).map((scope) => t('scopes.other', { scope })),
  ];
}
