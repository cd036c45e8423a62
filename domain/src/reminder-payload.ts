/**
 * What a review reminder sent by Web Push carries (the server encrypts it for the subscription;
 * the service worker shows it). Plain text the notification shows, and an in-app path to open.
 */
export interface ReminderPayload {
  title: string;
  body: string;
  /** Notifications with the same tag replace each other: one reminder on screen at a time. */
  tag: string;
  /** An in-app path, such as `/review`. */
  url: string;
}

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** The payload as the push message's text, within what push services carry (4 KB). */
export const reminderPayloadText = (payload: ReminderPayload): string => JSON.stringify(payload);

/**
 * The payload of a push message, or undefined when it is not one of ours. Only in-app paths are
 * accepted, so a message can never send the user to another site.
 */
export function parseReminderPayload(text: string | undefined): ReminderPayload | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { title, body, tag, url } = value as Record<string, unknown>;
  if (!isText(title, 200) || !isText(body, 1000) || !isText(tag, 100) || !isText(url, 500)) {
    return undefined;
  }
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  return { title, body, tag, url };
}
