/** The request a browser makes back at our server when the provider is done with it. */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** The form_post fields (Apple), for a POST. */
  form?: URLSearchParams;
}

interface Step {
  method: 'GET' | 'POST';
  url: URL;
  form?: URLSearchParams;
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first form of a page: where it posts and its hidden fields. */
function formOf(html: string, base: URL): { action: URL; hidden: URLSearchParams } | undefined {
  const form = /<form[^>]*action="([^"]*)"/i.exec(html);
  if (!form) return undefined;
  const hidden = new URLSearchParams();
  for (const input of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    hidden.set(unescapeHtml(input[1] ?? ''), unescapeHtml(input[2] ?? ''));
  }
  return { action: new URL(unescapeHtml(form[1] ?? ''), base), hidden };
}

/** Cookies by name for the peer's one origin (paths are ignored: the names do not clash). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}

/**
 * Goes through a sign-in at the test peer (oidc-peer.ts) with fetch, as a browser would: from the
 * provider's authorization URL (our /authorize's Location) through its login and consent pages,
 * keeping its cookies, until the provider sends the browser back to us — by a redirect (Google)
 * or an auto-submitted form (Apple's form_post). Returns that last request, not yet made.
 */
export async function signInAtPeer(
  authorizationUrl: string,
  options: { login: string; consent?: 'allow' | 'deny' },
): Promise<CallbackRequest> {
  const jar = new CookieJar();
  let step: Step = { method: 'GET', url: new URL(authorizationUrl) };
  const peer = step.url.origin;
  for (let hops = 0; hops < 20; hops++) {
    if (step.url.origin !== peer) return step;
    const response = await fetch(step.url, {
      method: step.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(step.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: step.form?.toString(),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      step = { method: 'GET', url: new URL(location, step.url) };
      continue;
    }
    const html = await response.text();
    const form = formOf(html, step.url);
    // A page without a form is an error page; form_post carries an error with a 400, a form still.
    if (!form) {
      throw new Error(`${step.url.href} answered ${response.status}: ${html.slice(0, 300)}`);
    }
    const fields = new URLSearchParams(form.hidden);
    if (html.includes('name="login"')) fields.set('login', options.login);
    if (html.includes('name="decision"')) fields.set('decision', options.consent ?? 'allow');
    step = { method: 'POST', url: form.action, form: fields };
  }
  throw new Error('the sign-in at the peer did not come back');
}
