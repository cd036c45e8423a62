import type { Plugin } from 'vite';

/**
 * sonner injects its stylesheet as an inline <style> element at run time, which our
 * Content-Security-Policy (`style-src 'self'`) rightly blocks. This turns that injection off; the
 * same rules are imported as a normal stylesheet by components/ui/toaster.tsx instead.
 */
export function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'partak:sonner-without-inline-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return undefined;
      const patched = code.replace(
        'function __insertCSS(code) {',
        'function __insertCSS(code) {\n  return;',
      );
      if (patched === code) throw new Error('sonner changed: its style injection was not found.');
      return { code: patched, map: null };
    },
  };
}
