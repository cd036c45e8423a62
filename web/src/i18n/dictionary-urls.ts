import startupUrls from 'virtual:dictionary-urls/startup';

// The build emits every dictionary (content/locales/<language>/<namespace>.json) as a
// content-hashed file, so it can be cached forever (assets/locales/<language>/<namespace>-<hash>.json);
// only their URLs are bundled (build/dictionary-urls.ts), and each says whose it is. The home
// route carries the startup namespaces' URLs; the full list is fetched the first time another
// namespace is needed.
/** Dictionary URLs by `<language>/<namespace>`, read from the URLs themselves. */
export const keyedDictionaryUrls = (urls: readonly string[]) =>
  new Map(
    urls.map((url) => {
      const [, language, namespace] =
        /\/([a-z]{2})\/(\w+)(?:-[\w-]+)?\.json(?:\?|$)/.exec(url) ?? [];
      return [`${language}/${namespace}`, url];
    }),
  );

const startup = keyedDictionaryUrls(startupUrls);
let all: Promise<Map<string, string>> | undefined;

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export async function dictionaryUrl(
  language: string,
  namespace: string,
): Promise<string | undefined> {
  const key = `${language}/${namespace}`;
  const url = startup.get(key);
  if (url) return url;
  all ??= import('virtual:dictionary-urls').then(
    (module) => keyedDictionaryUrls(module.default),
    (error: unknown) => {
      // Offline before the list was ever fetched: the next call tries again.
      all = undefined;
      throw error;
    },
  );
  return (await all).get(key);
}
