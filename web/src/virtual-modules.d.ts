declare module 'virtual:library-index/*' {
  /**
   * Title, preview and reading time of every article for a reader of one language (build/
   * library-index.ts): in that language where translated, else in Czech.
   */
  const index: Record<
    string,
    {
      title: string;
      preview: string;
      minutes: number;
      language: import('@partak/domain/languages').Language;
    }
  >;
  export default index;
}
