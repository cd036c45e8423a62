import { describe, expect, it } from 'vitest';
import { parseReminderPayload, reminderPayloadText } from './reminder-payload.ts';

const payload = {
  title: 'Týdenní ohlédnutí',
  body: 'Jak ti šel týden?',
  tag: 'review',
  url: '/review',
};

describe('parseReminderPayload', () => {
  it('reads back what the server sends', () => {
    expect(parseReminderPayload(reminderPayloadText(payload))).toEqual(payload);
  });

  it.each([
    ['no text', undefined],
    ['not JSON', 'hello'],
    ['not an object', '"/review"'],
    ['a missing field', JSON.stringify({ ...payload, body: undefined })],
    ['an empty title', JSON.stringify({ ...payload, title: '' })],
    ['another site', JSON.stringify({ ...payload, url: 'https://example.com/' })],
    ['a protocol-relative address', JSON.stringify({ ...payload, url: '//example.com/' })],
  ])('refuses %s', (_, text) => {
    expect(parseReminderPayload(text)).toBeUndefined();
  });
});
