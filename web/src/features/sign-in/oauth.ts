import type { GoTrueClient } from '@supabase/auth-js';

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The auth server refused to start a provider's sign-in (e.g. `provider_disabled`). */
export class OAuthStartError extends Error {
  override name = 'OAuthStartError';
  readonly code: string | undefined;
  readonly status: number;

  constructor(message: string, code: string | undefined, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * Starts Google or Apple sign-in, which comes back to `redirectTo` (the site, unless a page asks to
 * be returned to). Navigating straight to the authorize URL would leave the user on
 * a bare JSON page when the server refuses, so the URL is tried with fetch first: a redirect (on
 * to the provider) means go; a refusal is thrown, to be shown as a toast.
 */
export async function startOAuth(
  client: GoTrueClient,
  provider: OAuthProvider,
  go: (url: string) => void = (url) => window.location.assign(url),
  redirectTo: string = window.location.origin,
): Promise<void> {
  const { data, error } = await client.signInWithOAuth({
    provider,
    options: { redirectTo, skipBrowserRedirect: true },
  });
  if (error) throw error;
  let response: Response;
  try {
    response = await fetch(data.url, { redirect: 'manual' });
  } catch {
    throw new OAuthStartError('Network failure', 'network', 0);
  }
  if (response.type === 'opaqueredirect' || response.ok) {
    go(data.url);
    return;
  }
  throw await refusal(response);
}

/** Reads both error shapes: legacy `{error_code, msg}` and 2024-01-01 `{code, message}`. */
async function refusal(response: Response): Promise<OAuthStartError> {
  const body: unknown = await response.json().catch(() => undefined);
  const read = (key: string) => {
    const value = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const given = read('error_code') ?? read('code');
  // GoTrue refuses a provider it does not offer with `validation_failed` ("Unsupported provider",
  // its external.go); the provider is this request's only input, so that means the same
  // to the user as `provider_disabled`.
  const code =
    given === 'validation_failed'
      ? 'provider_disabled'
      : (given ?? (response.status >= 500 ? 'unavailable' : undefined));
  const message = read('msg') ?? read('message') ?? read('error_description');
  return new OAuthStartError(message ?? `HTTP ${response.status}`, code, response.status);
}
