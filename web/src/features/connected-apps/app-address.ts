const parse = (address: string | undefined): URL | undefined => {
  if (!address) return undefined;
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
};

const isWeb = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:';

/**
 * Where an address leads, as a user recognises it: the host of a web address, or the address
 * itself for an app's own scheme (`com.example.app:/callback`). Undefined when there is none.
 */
export function displayAddress(address: string | undefined): string | undefined {
  const url = parse(address);
  if (!url) return address?.trim() || undefined;
  return isWeb(url) ? url.host : address;
}

/** An app's logo address, only when it is a web address (never `javascript:` or `data:`). */
export function logoAddress(address: string | undefined): string | undefined {
  const url = parse(address);
  return url && isWeb(url) ? url.href : undefined;
}

/**
 * Whether the browser may be sent to an address the auth server gave for going back to the app.
 * The server checked it against the app's registered addresses; this only refuses schemes that
 * would run or show content in our own page instead of leaving it.
 */
export function isLeavingAddress(address: unknown): address is string {
  if (typeof address !== 'string') return false;
  const url = parse(address);
  return (
    url !== undefined && !['javascript:', 'data:', 'vbscript:', 'blob:'].includes(url.protocol)
  );
}
