// The build emits every dictionary (content/locales/<language>/<namespace>.json) as a
// content-hashed file, so it can be cached forever; this map is the only thing bundled.
// Keys relative to the locales folder (`./cs/home.json`): shorter in the first-load bundle.
const urls = import.meta.glob<string>('./*/*.json', {
  base: '../../../content/locales',
  query: '?url',
  import: 'default',
  eager: true,
});

const byKey = new Map(
  Object.entries(urls).map(([path, url]) => {
    const [, language, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    return [`${language}/${namespace}`, url];
  }),
);

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export function dictionaryUrl(language: string, namespace: string): string | undefined {
  return byKey.get(`${language}/${namespace}`);
}
