import { describe, expect, it } from 'vitest';
import { href, matchRoute, NOT_FOUND_PAGE, prerenderedPageFile, routes } from './routes.ts';

describe('matchRoute', () => {
  it('matches every static route of the spec', () => {
    for (const [name, pattern] of Object.entries(routes)) {
      if (!pattern.includes(':')) expect(matchRoute(pattern)).toBe(name);
    }
  });

  it('matches parameterised routes by segment count', () => {
    expect(matchRoute('/topic/sales')).toBe('topic');
    expect(matchRoute('/library/marketing')).toBe('libraryCategory');
    expect(matchRoute('/library/marketing/meta-ads')).toBe('libraryArticle');
  });

  it('tolerates trailing slashes as the router does', () => {
    expect(matchRoute('/topics/')).toBe('topics');
    expect(matchRoute('/library/marketing//')).toBe('libraryCategory');
  });

  it('rejects paths the app does not have', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/topic')).toBeUndefined();
    expect(matchRoute('/topic/a/b')).toBeUndefined();
    expect(matchRoute('/library/a/b/c')).toBeUndefined();
    expect(matchRoute('/Topics')).toBeUndefined();
    expect(matchRoute('//topics')).toBeUndefined();
    expect(matchRoute('/library//meta-ads')).toBeUndefined();
  });
});

describe('href', () => {
  it('fills and encodes parameters', () => {
    expect(href('topic', { topicId: 'sales' })).toBe('/topic/sales');
    expect(href('libraryArticle', { categoryId: 'a b', articleId: 'x/y' })).toBe(
      '/library/a%20b/x%2Fy',
    );
    expect(href('home')).toBe('/');
  });
});

describe('prerenderedPageFile', () => {
  it('names the file the build writes and the server sends for a page in a language', () => {
    expect(prerenderedPageFile('cs', '/')).toBe('pages/cs/index.html');
    expect(prerenderedPageFile('en', '/chat/')).toBe('pages/en/chat.html');
    expect(prerenderedPageFile('de', '/library/podnikani/smer-podnikani')).toBe(
      'pages/de/library/podnikani/smer-podnikani.html',
    );
    expect(prerenderedPageFile('es', NOT_FOUND_PAGE)).toBe('pages/es/404.html');
  });
});
