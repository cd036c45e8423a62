// The build emits every dictionary (content/locales/<language>/<namespace>.json) as a
// content-hashed file, so it can be cached forever; this map is the only thing bundled.
const urls = import.meta.glob<string>('../../../content/locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

const byKey = new Map(
  Object.entries(urls).map(([path, url]) => {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    return [`${language}/${namespace}`, url];
  }),
);

/** The URL of one dictionary, or `undefined` when that language has no such namespace. */
export function dictionaryUrl(language: string, namespace: string): string | undefined {
  return byKey.get(`${language}/${namespace}`);
}
