import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MentorEvent } from '@partak/domain/mentor-events';
import { setAuthState } from '@/lib/auth-state.ts';
import { serverMentor } from './server-mentor.ts';

const question = [
  { role: 'user' as const, content: 'Jak na DPH?', timestamp: '2026-03-01T10:00:00.000Z' },
];
let requests: { url: string; body: unknown }[] = [];

/** A response that streams `chunks` as they would arrive over the network. */
function streamed(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

function answer(response: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body)) });
    return response();
  });
}

async function collect(mentor = serverMentor()): Promise<MentorEvent[]> {
  const events: MentorEvent[] = [];
  for await (const event of mentor.reply(question, 'cs', new AbortController().signal))
    events.push(event);
  return events;
}

beforeEach(() => {
  setAuthState({ status: 'signedOut', user: null });
  requests = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the server mentor', () => {
  it('posts the conversation and yields the events as they stream in, split anywhere', async () => {
    answer(() =>
      streamed([
        'data: {"type":"text","text":"Ahoj, "}\n\ndata: {"type":"te',
        'xt","text":"tady knihovna."}\n\n',
        'data: {"type":"source","source":{"url":"/library/penize-dane-urady/dph","title":"DPH"}}\n\n',
        'data: {"type":"something-new"}\n\ndata: {"type":"done","mentor":"library"}\n\n',
      ]),
    );
    const events = await collect(
      serverMentor(async () => ({ goals: [{ title: 'Web', steps: 5, done: 1 }] })),
    );
    expect(events).toEqual([
      { type: 'text', text: 'Ahoj, ' },
      { type: 'text', text: 'tady knihovna.' },
      { type: 'source', source: { url: '/library/penize-dane-urady/dph', title: 'DPH' } },
      { type: 'done', mentor: 'library' },
    ]);
    expect(requests[0]).toEqual({
      url: '/api/v1/chat',
      body: {
        language: 'cs',
        messages: [{ role: 'user', content: 'Jak na DPH?' }],
        context: { goals: [{ title: 'Web', steps: 5, done: 1 }] },
      },
    });
  });

  it('answers with the spec’s fixed message when the server cannot be reached', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const events = await collect();
    expect(events).toEqual([
      { type: 'text', text: expect.stringMatching(/nemůžu spojit se serverem/) },
      { type: 'done', mentor: 'offline' },
    ]);
  });

  it('answers a person in crisis with the helplines at once, even when the server cannot be reached', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const events: MentorEvent[] = [];
    const crisis = [
      { role: 'user' as const, content: 'nechci už žít', timestamp: '2026-03-01T10:00:00.000Z' },
    ];
    for await (const event of serverMentor().reply(crisis, 'cs', new AbortController().signal)) {
      events.push(event);
    }
    expect(events[0]).toMatchObject({
      type: 'crisis',
      helplines: expect.arrayContaining([expect.objectContaining({ number: '116 123' })]),
    });
    expect(events[1]).toMatchObject({ type: 'text', text: expect.stringContaining('116 123') });
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'offline' });
  });

  it('tells someone worried about another person how to help when the server cannot be reached', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const events: MentorEvent[] = [];
    const worry = [
      {
        role: 'user' as const,
        content: 'A friend told me she has been feeling suicidal. How can I help her?',
        timestamp: '2026-03-01T10:00:00.000Z',
      },
    ];
    for await (const event of serverMentor().reply(worry, 'en', new AbortController().signal)) {
      events.push(event);
    }
    expect(events[0]).toMatchObject({ type: 'crisis' });
    expect(events[1]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Ask them directly whether they’re thinking about suicide'),
    });
  });

  it('passes a refusal on as a failure the chat can show and retry', async () => {
    answer(
      () =>
        new Response(
          JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', message: 'x' }),
          {
            status: 429,
          },
        ),
    );
    await expect(collect()).rejects.toMatchObject({ errorCode: 'over_request_rate_limit' });
  });

  it('sends what the conversation said: no reply that failed before its first word', async () => {
    answer(() => streamed(['data: {"type":"done","mentor":"library"}\n\n']));
    const at = '2026-03-01T10:00:00.000Z';
    const conversation = [
      { role: 'user' as const, content: 'První', timestamp: at },
      { role: 'assistant' as const, content: '', timestamp: at, error: 'network' as const },
      { role: 'user' as const, content: 'Druhá', timestamp: at },
    ];
    for await (const event of serverMentor().reply(
      conversation,
      'cs',
      new AbortController().signal,
    )) {
      void event;
    }
    expect(requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: 'První' },
        { role: 'user', content: 'Druhá' },
      ],
    });
  });
});
