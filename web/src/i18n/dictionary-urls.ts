import urls from 'virtual:dictionary-urls';

// The build emits every dictionary (content/locales/<language>/<namespace>.json) as a
// content-hashed file, so it can be cached forever (assets/locales/<language>/<namespace>-<hash>.json);
// only their URLs are bundled (build/dictionary-urls.ts), and each says whose it is.
const byKey = new Map(
  urls.map((url) => {
    const [, language, namespace] = /\/([a-z]{2})\/(\w+)(?:-[\w-]+)?\.json(?:\?|$)/.exec(url) ?? [];
    return [`${language}/${namespace}`, url];
  }),
);

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export function dictionaryUrl(language: string, namespace: string): string | undefined {
  return byKey.get(`${language}/${namespace}`);
}
