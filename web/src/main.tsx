import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { mirrorLanguageChoice } from './i18n/language-cookie.ts';
import { detectLanguage, storedLanguageChoice } from './i18n/language-detector.ts';
import { startAccountSync } from './lib/data/account-data.ts';
import './styles/globals.css';

/**
 * Style attributes of a prerendered page arrive as classes (the CSP refuses inline styles in
 * HTML; see web/build/inline-styles.ts). Set through the CSSOM, which the CSP allows, they are
 * the elements' own again, as hydration expects.
 */
function applyPrerenderedStyles(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-ssr-style]')) {
    element.style.cssText = element.dataset.ssrStyle ?? '';
    if (element.dataset.ssrClass) element.classList.remove(element.dataset.ssrClass);
    if (element.classList.length === 0) element.removeAttribute('class');
    delete element.dataset.ssrStyle;
    delete element.dataset.ssrClass;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Signing in and out from here on moves the user's data between this browser and the account
// (the sync's own code loads when a signed-in user's data is first needed).
startAccountSync();

// Users who chose a language before the cookie existed get it now, for their next page.
const choice = storedLanguageChoice();
if (choice) mirrorLanguageChoice(choice);

// The server sent a prerendered page (ADR 012): it is hydrated if it is in the language this
// browser detects, else rendered afresh. Hydration starts at once: parts waiting for their
// dictionaries keep their HTML meanwhile, and React replays a click made on them.
void initI18n();
const prerendered = container.firstElementChild !== null;
if (prerendered && detectLanguage() === document.documentElement.lang) {
  applyPrerenderedStyles(container);
  hydrateRoot(container, app);
} else {
  if (prerendered) container.replaceChildren();
  createRoot(container).render(app);
}

// The installable, offline app (lib/offline/): its own small chunk, started once the page has
// loaded. Not in development, where no service worker is built.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./lib/offline/offline-app.ts').then((offline) => offline.startOfflineApp());
}
