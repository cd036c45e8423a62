import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { routes } from '@partak/domain/routes';
import {
  FIXTURE_ASSET,
  FIXTURE_INDEX_HTML,
  FIXTURE_SERVICE_WORKER,
  fixturePage,
  useTestApp,
} from '../../test/helpers.ts';

const t = useTestApp();

describe('GET / and the app routes', () => {
  it('serves the prerendered home page with no-cache', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(fixturePage('cs', '/'));
  });

  it('answers 200 with the app for every route the build did not prerender', async () => {
    const samples = Object.values(routes)
      .map((pattern) => pattern.replace(/:[A-Za-z]+/g, 'some-id'))
      .filter((url) => url !== '/' && url !== '/chat');
    for (const url of samples) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(FIXTURE_INDEX_HTML);
    }
  });

  it('answers 404 with the prerendered 404 page for unknown paths', async () => {
    for (const url of ['/nope', '/topic', '/library/a/b/c', '/Topics', '/404']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(fixturePage('cs', '/404'));
    }
  });

  it('answers 404 with the app for an unknown path with a query string', async () => {
    const res = await t.app.inject({ url: '/x.php?a=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(FIXTURE_INDEX_HTML);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/goals' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('GET /assets/*', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the brotli twin when the browser accepts it', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(FIXTURE_ASSET);
  });

  it('serves the gzip twin when brotli is not accepted', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(FIXTURE_ASSET);
  });

  it('answers a plain 404 for a missing asset, never the app', async () => {
    const res = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error_code: 'not_found' });
  });
});

describe('unknown API paths', () => {
  it('answer JSON, never the app', async () => {
    const api = await t.app.inject({ url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error_code: 'not_found' });
    // The auth API asks for its key before anything else (see auth/index.test.ts).
    const auth = await t.app.inject({ url: '/auth/v1/nothing' });
    expect(auth.statusCode).toBe(401);
    expect(auth.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('security headers', () => {
  it('pages carry a strict Content-Security-Policy without inline script', async () => {
    for (const url of ['/', '/goals', '/nope']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('every other response may load and run nothing when opened as a page', async () => {
    for (const url of ['/healthz', '/assets/index-abc123.js', '/assets/missing.js', '/api/v1/x']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('every response stops sniffing, framing and cross-site reads', async () => {
    const urls = [
      '/',
      '/healthz',
      '/assets/index-abc123.js',
      '/nope',
      '/api/v1/x',
      '/auth/v1/user',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Plain http: HSTS would mean nothing, and must not pin a LAN address to https.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('behind a proxy the server trusts (TRUST_PROXY)', () => {
  const proxied = useTestApp({ trustProxy: ['127.0.0.1'] });
  const urls = ['/', '/healthz', '/assets/index-abc123.js', '/nope', '/api/v1/x', '/auth/v1/user'];

  it('sends HSTS on every response that came over https', async () => {
    for (const url of urls) {
      const res = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8}/);
    }
  });

  it('believes no one else about https', async () => {
    const plain = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const stranger = await proxied.app.inject({
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the installable app', () => {
  it('serves the service worker revalidated on every check, allowed to fetch from the origin', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // A worker's own policy governs what it may fetch: the precache needs the origin.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
    );
    expect(res.body).toBe(FIXTURE_SERVICE_WORKER);
  });

  it('serves the shell it precaches (index.html, compressed) as a page, with the page policy', async () => {
    // The service worker renders every page from it offline, so it must carry the page's CSP.
    const res = await t.app.inject({
      url: '/index.html?__WB_REVISION__=abc',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(FIXTURE_INDEX_HTML);
  });

  it("keeps the worker's headers when it is sent compressed", async () => {
    const res = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/connect-src 'self'/);
  });

  it('serves the web app manifest as a manifest', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
