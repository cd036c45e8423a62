/**
 * Whether the server may send pushes to `endpoint`: https to one of the configured push services
 * (a subdomain counts). A subscription is a URL the server will POST to on the user's behalf, so
 * anything else would let a user aim the server at an address of their choosing.
 */
export function pushEndpointAllowed(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const listed = allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  return listed && url.protocol === 'https:' && !url.username && !url.password;
}
