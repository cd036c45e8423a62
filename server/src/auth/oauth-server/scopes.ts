/** The scopes a client may ask for (GoTrue's SupportedOAuthScopes). */
export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];

/** What a request asks for when it names no scope (GoTrue's default DefaultScope). */
export const DEFAULT_SCOPE = 'email';

/** A space-separated scope string as a list, blanks dropped. */
export const scopeList = (scope: string | null | undefined): string[] =>
  (scope ?? '').split(' ').filter((item) => item.trim() !== '');

/** True when every requested scope is among the granted ones. */
export const coversScopes = (granted: string[], requested: string[]) =>
  requested.every((scope) => granted.includes(scope));
