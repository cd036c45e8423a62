import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

interface Fixtures {
  /** Console errors and warnings the test expects; any other one fails the test. */
  expectConsole: (pattern: RegExp) => void;
  /** Stores a language choice before the app starts, as a returning visitor would have it. */
  storeLanguage: (value: string) => Promise<void>;
  /** Puts a raw value in local storage before the first page load only (not again on reload). */
  seedStorage: (key: string, value: string) => Promise<void>;
  /**
   * Starts as a returning signed-in visitor: a session stored as the auth client stores it, valid
   * for an hour. The app uses it without asking the server (signing out would, and fail).
   */
  seedSignedIn: (email: string) => Promise<void>;
}

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';

/**
 * A prerendered page shows before it responds (ADR 012): after loading one, wait until the app
 * has taken it over, as a person would wait for a page to finish loading. Bounded and quiet, so
 * pages that never become interactive (a failing dictionary, a stopped server) are tested too.
 * The `page` fixture is set up so; a page a test opens itself needs this call.
 */
export function waitForTheAppOnNavigation(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as Navigation[]) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await page
          .waitForSelector('html[data-interactive]', { state: 'attached', timeout: 5_000 })
          .catch(() => undefined);
        return response;
      },
    });
  }
  return page;
}

/**
 * Chromium's log of the 404 an account without a business profile answers (the API says "none"
 * so, domain/src/api/business-profile.ts): every signed-in start fetches it. Only that URL's 404.
 */
const noBusinessProfileYet = (message: ConsoleMessage) =>
  /status of 404/.test(message.text()) &&
  new URL(message.location().url || 'http://x/').pathname === '/api/v1/business-profile';

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitForTheAppOnNavigation(page));
  },
  expectConsole: [
    async ({ page }, use) => {
      // What Playwright itself says when it blocks the service worker (playwright.config.ts).
      const expected: RegExp[] = [
        /^Service Worker registration blocked by Playwright$/,
        // Chromium's timing hint, not a fault: the app starts after the first paint (ADR 012), and
        // with two browsers busy on two cores it may read a preloaded dictionary more than 3 s
        // after the load event. That the preload is the download the app reads is its own test
        // (prerender.spec.ts).
        /was preloaded using link preload but not used within a few seconds from the window's load event/,
      ];
      const unexpected: string[] = [];
      const listener = (message: ConsoleMessage) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const text = message.text();
        if (noBusinessProfileYet(message)) return;
        if (!expected.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      page.on('console', listener);
      page.on('pageerror', (error) => unexpected.push(error.message));
      await use((pattern) => expected.push(pattern));
      page.off('console', listener);
      expect(unexpected, 'unexpected console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
  storeLanguage: async ({ page }, use) => {
    await use(async (value) => {
      await page.addInitScript((stored) => {
        localStorage.setItem('partak_language', stored);
      }, value);
    });
  },
  seedStorage: async ({ page }, use) => {
    await use(async (key, value) => {
      await page.addInitScript(
        ([storageKey, raw]) => {
          const flag = `e2e-seeded:${storageKey}`;
          if (sessionStorage.getItem(flag)) return;
          localStorage.setItem(storageKey, raw);
          sessionStorage.setItem(flag, '1');
        },
        [key, value] as const,
      );
    });
  },
  seedSignedIn: async ({ seedStorage }, use) => {
    await use((email) => seedStorage('partak_auth', storedSession(email)));
  },
});

function storedSession(email: string): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    access_token: 'e2e.not-checked-locally.token',
    refresh_token: 'e2e-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: {
      id: '5b0f2c4e-7a1d-4c55-9a0e-2f1b8d6c3e90',
      aud: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    },
  });
}

export { expect };
