declare global {
  interface Window {
    /**
     * What was typed into a prerendered page's fields before the app started, by field name,
     * recorded by the page's boot script (web/build/boot-script.ts); null once taken.
     */
    partakTyped?: Record<string, string> | null;
  }
}

/**
 * A prerendered page shows its form fields before the app starts, and React resets them to the
 * app's state when it takes over (ADR 012). What a person typed meanwhile is theirs: this gives
 * back what was typed into the field named `name`, once — the first field to ask ends the
 * recording, so later screens never get old text.
 */
export function takeTypedBeforeStart(name: string): string | undefined {
  const text = window.partakTyped?.[name];
  window.partakTyped = null;
  return text;
}
