import type { ManifestOptions } from 'vite-plugin-pwa';
import { PRODUCT_NAME } from '@partak/domain/product';

/** Indigo of the logo: the title bar of the installed app and its splash screen's icon tile. */
export const THEME_COLOR = '#4338ca';
/** The app's page background (slate-100), shown behind the splash screen's icon. */
const BACKGROUND_COLOR = '#f1f5f9';

/**
 * The web app manifest (/manifest.webmanifest): what a phone needs to install Parťák as an app
 * of its own. Czech, as the product is; the icons are made from the logo at build time
 * (vite.config.ts, pwaAssets) and added to it there.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: PRODUCT_NAME,
  short_name: PRODUCT_NAME,
  description: 'Tvůj AI přítel, mentor a kouč pro podnikání – i bez připojení.',
  lang: 'cs',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['business', 'education', 'productivity'],
  shortcuts: [
    {
      name: 'Zeptat se mentora',
      short_name: 'Chat',
      url: '/chat',
      icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Moje cíle',
      short_name: 'Cíle',
      url: '/goals',
      icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
