/**
 * The only script a prerendered page names (ADR 012). It starts the app's main module once the
 * page's first content is on screen (the browser's `first-contentful-paint`): until then the HTML
 * and the stylesheet have the network and the processor to themselves, so the text shows as soon
 * as they arrive, and hydration follows. A page in a background tab paints nothing, and a browser
 * without paint timing tells nothing: those start at once, and every page within 3 s. External,
 * not inline: the Content-Security-Policy allows no inline script.
 *
 * Meanwhile the page's form fields already take typing, and React resets them when it takes over:
 * what is typed is recorded by field name in `window.partakTyped`, for the app to take back
 * (web/src/lib/typed-before-start.ts), which ends the recording.
 */
const SOURCE = `(() => {
  const main = document.currentScript.dataset.main;
  const typed = (self.partakTyped = {});
  addEventListener('input', (event) => {
    const field = event.target;
    if (field.name && self.partakTyped === typed) typed[field.name] = field.value;
  }, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = main;
    document.head.append(script);
  };
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !paintTiming) return start();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
})();
`;

/** Without its indentation and line breaks (every statement ends with a semicolon or brace). */
export const BOOT_SCRIPT = SOURCE.replace(/\n\s*/g, '');

/** The page's entry script tag as Vite writes it into index.html, with the module's URL. */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
