declare module 'virtual:library-index/*' {
  import type { Language } from '@partak/domain/languages';

  /**
   * Title, preview and reading time of every article for a reader of one language (build/
   * library-index.ts): in that language where translated, else in Czech.
   */
  const index: Record<
    string,
    { title: string; preview: string; minutes: number; language: Language }
  >;
  export default index;
}

declare module 'virtual:dictionary-urls' {
  /** The URL of every dictionary, content-hashed (build/dictionary-urls.ts). */
  const urls: string[];
  export default urls;
}

declare module 'virtual:dictionary-urls/startup' {
  /** The URLs of the dictionaries every page starts with (STARTUP_NAMESPACES). */
  const urls: string[];
  export default urls;
}
