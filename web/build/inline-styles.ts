import { createHash } from 'node:crypto';

/**
 * Some components (Radix's hidden form inputs, its tab panels) render `style` attributes. In
 * prerendered HTML the Content-Security-Policy (`style-src 'self'`) would refuse them, and
 * hydration never sets them again. So each one becomes a class of a stylesheet the page links,
 * for the first paint, and a `data-ssr-style` attribute, which main.tsx applies through the CSSOM
 * (allowed by the CSP) before hydrating, removing the class.
 */
export class InlineStyles {
  readonly #rules = new Map<string, string>();

  /** The markup without style attributes. */
  extract(html: string): string {
    return html.replace(/<[a-z][^>]*\sstyle="[^"]*"[^>]*>/g, (tag) => {
      const style = /\sstyle="([^"]*)"/.exec(tag)?.[1] ?? '';
      const name = `ssr-${createHash('sha256').update(style).digest('hex').slice(0, 8)}`;
      this.#rules.set(name, decodeEntities(style));
      const withData = tag.replace(
        /\sstyle="[^"]*"/,
        ` data-ssr-style="${style}" data-ssr-class="${name}"`,
      );
      return /\sclass="/.test(withData)
        ? withData.replace(/\sclass="([^"]*)"/, ` class="$1 ${name}"`)
        : withData.replace(/^<[a-z][a-z0-9-]*/, (start) => `${start} class="${name}"`);
    });
  }

  /** Whether a page's markup (after `extract`) needs the stylesheet. */
  static used(html: string): boolean {
    return html.includes('data-ssr-style=');
  }

  /** The stylesheet of every rule extracted so far. */
  stylesheet(): string {
    return [...this.#rules].map(([name, style]) => `.${name}{${style}}`).join('\n');
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
