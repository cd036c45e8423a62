import type { MentorEvent } from '@partak/domain/mentor-events';

/** The events of a `text/event-stream` body: one JSON object per `data:` line. */
export function parseEvents(body: string): MentorEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as MentorEvent);
}

/** The reply's text, its sources' URLs and how it ended. */
export function summarize(events: MentorEvent[]) {
  return {
    text: events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join(''),
    sources: events.flatMap((event) => (event.type === 'source' ? [event.source.url] : [])),
    goal: events.find((event) => event.type === 'goal'),
    end: events.at(-1),
  };
}
