import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { STARTUP_NAMESPACES } from '../domain/src/dictionaries.ts';
import { dictionaryUrls } from './build/dictionary-urls.ts';
import { libraryIndex } from './build/library-index.ts';
import { precompress } from './build/precompress.ts';
import { sonnerWithoutInlineStyles } from './build/sonner-without-inline-styles.ts';
import { THEME_COLOR, webAppManifest } from './build/web-app-manifest.ts';

const contentDir = fileURLToPath(new URL('../content', import.meta.url));

/** A library article's language from its source path (content/library/…); Czech is the original. */
const articleLanguage = (source: string) =>
  /content\/library\/(?:translations\/([a-z]{2})\/|articles\/)/.exec(source)?.[1] ?? 'cs';
const isArticle = (source: string) => /content\/library\/(?:translations|articles)\//.test(source);

/**
 * The installable app (web/build/web-app-manifest.ts) and its service worker
 * (web/service-worker/sw.ts). The precache holds the app itself: the shell, every screen's code
 * and styles, the icons. Dictionaries and articles are cached as they are used and prefetched for
 * the user's language only (four languages of everything would be most of the download).
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    // The app registers the worker itself, after the first paint (src/lib/offline/).
    injectRegister: false,
    manifest: webAppManifest,
    pwaAssets: {
      image: 'public/favicon.svg',
      overrideManifestIcons: true,
      // index.html names the theme colour itself.
      injectThemeColor: false,
      preset: {
        transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
        // Android crops maskable icons to a circle or squircle: the logo sits inside the safe zone
        // on its own colour. iOS puts no background behind a touch icon.
        maskable: { sizes: [192, 512], resizeOptions: { background: THEME_COLOR } },
        apple: { sizes: [180], resizeOptions: { background: THEME_COLOR } },
      },
    },
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}', '*.{svg,png,ico}'],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    sonnerWithoutInlineStyles(),
    react(),
    tailwindcss(),
    libraryIndex(`${contentDir}/library`),
    dictionaryUrls(`${contentDir}/locales`, STARTUP_NAMESPACES),
    // The prerender's own build (build/prerender.ts) is for Node and is never served.
    isSsrBuild ? undefined : installableApp(),
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
        // The first load carries the file name of every lazy chunk (to fetch a screen's pieces in
        // parallel), so lazy chunks are named by a short hash alone: names and full-length hashes
        // were ~0.5 KB of the home route's budget. Seven characters (42 bits) still tell one
        // file's versions apart; the build asks for at least that many for its number of files.
        entryFileNames: isSsrBuild ? undefined : 'assets/[name]-[hash:7].js',
        // Articles keep their language in the URL too (assets/library/<language>/): the service
        // worker caches them as they are read instead of precaching all four languages.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && isArticle(chunk.facadeModuleId)
            ? `assets/library/${articleLanguage(chunk.facadeModuleId)}/[name]-[hash:7].js`
            : 'assets/[hash:7].js',
        // Dictionaries keep their language in the URL: /assets/locales/cs/home-<hash>.json.
        assetFileNames: (asset) => {
          const source = asset.originalFileNames[0] ?? '';
          const locale = /content\/locales\/([a-z]{2})\//.exec(source)?.[1];
          return locale
            ? `assets/locales/${locale}/[name]-[hash:6][extname]`
            : 'assets/[name]-[hash:6][extname]';
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
