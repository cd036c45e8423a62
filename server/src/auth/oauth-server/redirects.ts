/**
 * Where the browser goes back to the client (RFC 6749 §4.1.2): the registered redirect URI with
 * the result added to its query — the code and state, or the error and state.
 */
export function clientRedirect(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) {
    if (value) url.searchParams.set(name, value);
  }
  return url.toString();
}

export const errorRedirect = (
  redirectUri: string,
  error: string,
  description: string,
  state: string | null,
) => clientRedirect(redirectUri, { error, error_description: description, state });
