declare module 'virtual:library-index' {
  /** Title, preview and reading time of every article, per language it exists in. */
  const index: Partial<
    Record<
      'cs' | 'en' | 'de' | 'es',
      Record<string, { title: string; preview: string; minutes: number }>
    >
  >;
  export default index;
}
