import urls from 'virtual:dictionary-urls';

// For the prerenderer (build time, never in the app's bundle): every dictionary's URL at once.
const byKey = new Map(
  urls.map((url) => {
    const [, language, namespace] = /\/([a-z]{2})\/(\w+)(?:-[\w-]+)?\.json(?:\?|$)/.exec(url) ?? [];
    return [`${language}/${namespace}`, url];
  }),
);

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export function dictionaryUrlNow(language: string, namespace: string): string | undefined {
  return byKey.get(`${language}/${namespace}`);
}
