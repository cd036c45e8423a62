/**
 * A prerendered page shows its form fields before the app starts, and React resets them to the
 * app's own state when it takes over (ADR 012). What a person typed meanwhile is theirs: it is
 * recorded here, by field name, from before the app starts until a field takes it back.
 */
const typed = new Map<string, string>();
let recording: AbortController | null = null;

function record(field: EventTarget | null) {
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
  if (field.name && field.value !== field.defaultValue) typed.set(field.name, field.value);
}

/** Starts recording, with what was typed before this script ran. Called before React starts. */
export function keepTypedBeforeStart(root: HTMLElement): void {
  root.querySelectorAll('textarea[name], input[name]').forEach(record);
  recording = new AbortController();
  root.addEventListener('input', (event) => record(event.target), {
    capture: true,
    signal: recording.signal,
  });
}

/**
 * What was typed into the field named `name` before the app started, once: the first field to
 * ask ends the recording, so later screens never get old text.
 */
export function takeTypedBeforeStart(name: string): string | undefined {
  const text = typed.get(name);
  typed.clear();
  recording?.abort();
  recording = null;
  return text;
}
