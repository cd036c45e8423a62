import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { libraryIndex } from './build/library-index.ts';
import { precompress } from './build/precompress.ts';
import { sonnerWithoutInlineStyles } from './build/sonner-without-inline-styles.ts';

const contentDir = fileURLToPath(new URL('../content', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    sonnerWithoutInlineStyles(),
    react(),
    tailwindcss(),
    libraryIndex(`${contentDir}/library`),
    // The prerender's own build (build/prerender.ts) is for Node and is never served.
    isSsrBuild ? undefined : precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Which files each screen needs, for the prerendered pages' preload links (build/prerender.ts).
    manifest: !isSsrBuild,
    // Dictionaries are fetched at run time by URL; inlining them as data: URLs would defeat caching
    // and the Content-Security-Policy.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        // Everything the first paint needs in one file: one request, and gzip sees it all at once
        // (split into shared chunks it cost ~3 KB more). Screens stay lazy chunks of their own.
        codeSplitting: isSsrBuild ? undefined : { groups: [{ name: 'app', tags: ['$initial'] }] },
        // Dictionaries keep their language in the URL: /assets/locales/cs/home-<hash>.json.
        assetFileNames: (asset) => {
          const source = asset.originalFileNames[0] ?? '';
          const locale = /content\/locales\/([a-z]{2})\//.exec(source)?.[1];
          return locale
            ? `assets/locales/${locale}/[name]-[hash][extname]`
            : 'assets/[name]-[hash][extname]';
        },
      },
    },
  },
  server: {
    fs: { allow: ['..', contentDir] },
    proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    env: { TZ: 'Europe/Prague' },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
}));
