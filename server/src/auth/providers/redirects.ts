import type { AuthError } from '../http/auth-error.ts';

/** The error triplet of an OAuth redirect (GoTrue's external.go). */
export interface RedirectError {
  error: string;
  error_code: string;
  error_description: string;
}

/** These refusals are `access_denied` whatever their HTTP status (GoTrue's `redirectErrors`). */
const DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

const BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** An AuthError as the triplet: the OAuth `error` from its code or HTTP status. */
export function redirectErrorOf(error: AuthError): RedirectError {
  const oauth = DENIED.has(error.errorCode)
    ? 'access_denied'
    : (BY_STATUS[error.status] ?? (error.status >= 500 ? 'server_error' : 'invalid_request'));
  return { error: oauth, error_code: error.errorCode, error_description: error.message };
}

/** `#…` with Supabase's `sb` marker and the keys in order, as GoTrue writes them. */
function fragment(values: Record<string, string>): string {
  const entries = Object.entries({ ...values, sb: '' }).sort(([a], [b]) => (a < b ? -1 : 1));
  return `#${new URLSearchParams(entries).toString()}`;
}

function base(target: string): URL {
  const url = new URL(target);
  url.hash = '';
  return url;
}

/**
 * Implicit flow: the session in the fragment, which never reaches a server log or a Referer
 * header. The app's own query (e.g. `sb_flow_id`) is kept.
 */
export function sessionLocation(target: string, session: Record<string, string>): string {
  return `${base(target).toString()}${fragment(session)}`;
}

/** PKCE flow: only a short-lived code, useless without the verifier kept by the app. */
export function codeLocation(target: string, code: string): string {
  const url = base(target);
  url.searchParams.set('code', code);
  return url.toString();
}

/** A failure: the triplet in the query (read by PKCE clients) and in the fragment (implicit). */
export function errorLocation(target: string, error: RedirectError): string {
  const url = base(target);
  for (const [key, value] of Object.entries(error)) url.searchParams.set(key, value);
  return `${url.toString()}${fragment({ ...error })}`;
}
