import { describe, expect, it } from 'vitest';
import { FIXTURE_INDEX_HTML, fixturePage, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe("prerendered pages in the visitor's language", () => {
  it('sends Czech without any hint, and says the answer depends on the language hints', async () => {
    const res = await get('/chat');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(fixturePage('cs', '/chat'));
    expect(res.headers['content-language']).toBe('cs');
    expect(res.headers.vary).toMatch(/Cookie, Accept-Language/);
  });

  it('follows Accept-Language by preference, skipping languages the app does not have', async () => {
    const cases: [string, string][] = [
      ['en-US,en;q=0.9', 'en'],
      ['fr-FR, en;q=0.5, cs;q=0.4', 'en'],
      ['cs;q=0.2, en;q=0.8', 'en'],
      ['en;q=0, cs', 'cs'],
      ['fr, it', 'cs'],
      ['<script>, en', 'en'],
    ];
    for (const [header, language] of cases) {
      const res = await get('/', { 'accept-language': header });
      expect(res.body, header).toBe(fixturePage(language, '/'));
    }
  });

  it("puts the language chosen in the app (its cookie) before the browser's languages", async () => {
    const res = await get('/chat', {
      cookie: 'other=1; partak_language=en',
      'accept-language': 'cs',
    });
    expect(res.body).toBe(fixturePage('en', '/chat'));
    expect(res.headers['content-language']).toBe('en');
  });

  it('ignores a cookie naming a language the app does not have', async () => {
    const res = await get('/', { cookie: 'partak_language=xx', 'accept-language': 'en' });
    expect(res.body).toBe(fixturePage('en', '/'));
  });

  it('falls back to the app for a language the build did not prerender', async () => {
    const res = await get('/chat', { 'accept-language': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FIXTURE_INDEX_HTML);
    expect(res.headers['content-language']).toBeUndefined();
  });

  it('renders in the browser when a query string may change the screen', async () => {
    const res = await get('/chat?topic=sales', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FIXTURE_INDEX_HTML);
  });

  it('tolerates a trailing slash and keeps the security headers', async () => {
    const res = await get('/chat/');
    expect(res.body).toBe(fixturePage('cs', '/chat'));
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('serves a page compressed when the browser accepts it', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });
});
