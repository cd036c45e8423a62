declare module 'virtual:library-index' {
  const index: Record<string, { title: string; preview: string; minutes: number }>;
  export default index;
}
