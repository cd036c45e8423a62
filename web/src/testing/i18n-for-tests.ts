import { i18n } from '@/i18n/i18n.ts';

const czech = import.meta.glob<Record<string, unknown>>('../../../content/locales/cs/*.json', {
  import: 'default',
  eager: true,
});

/** The app's i18n instance with the real Czech dictionaries, loaded at once (no HTTP). */
export async function initTestI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  const resources = Object.fromEntries(
    Object.entries(czech).map(([path, dictionary]) => [
      /([^/]+)\.json$/.exec(path)?.[1] ?? path,
      dictionary,
    ]),
  );
  await i18n.init({
    lng: 'cs',
    fallbackLng: 'cs',
    resources: { cs: resources },
    interpolation: { escapeValue: false },
  });
}
