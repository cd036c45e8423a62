import { useMemo, useSyncExternalStore } from 'react';
import type { FlatNamespace, TFunction } from 'i18next';
import { languageOrDefault, type Language } from '@partak/domain/languages';
import { i18n } from './i18n.ts';

function subscribe(notify: () => void): () => void {
  i18n.on('languageChanged', notify);
  i18n.on('loaded', notify);
  return () => {
    i18n.off('languageChanged', notify);
    i18n.off('loaded', notify);
  };
}

const currentLanguage = (): Language => languageOrDefault(i18n.language);
const pendingLoads = new Map<string, Promise<void>>();

/**
 * The translation function of one dictionary section, for the active language. The component
 * suspends while that section is still on its way and re-renders when the language changes.
 */
export function useTranslation<Ns extends FlatNamespace = 'common'>(
  namespace: Ns = 'common' as Ns,
): { t: TFunction<Ns>; language: Language } {
  // A page is hydrated only in the language it was prerendered in (main.tsx): the same snapshot.
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  if (!i18n.hasLoadedNamespace(namespace)) {
    const key = `${language}/${namespace}`;
    let pending = pendingLoads.get(key);
    if (!pending) {
      pending = i18n.loadNamespaces(namespace).finally(() => pendingLoads.delete(key));
      pendingLoads.set(key, pending);
    }
    throw pending;
  }
  const t = useMemo(
    () => i18n.getFixedT<Ns>(language, namespace) as TFunction<Ns>,
    [language, namespace],
  );
  return { t, language };
}
