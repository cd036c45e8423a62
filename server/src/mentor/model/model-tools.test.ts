import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  peerModel,
  startOpenAiPeer,
  type OpenAiPeer,
  type PeerRequest,
} from '../../../test/openai-peer.ts';
import { parseEvents } from '../../../test/sse.ts';

const PROFILE = {
  trade: 'grafika',
  tradeKind: 'design',
  legalForm: 'zivnost-main',
  taxRegime: 'pausalni-dan',
  pausalBand: 1,
  ico: '26168685',
} as const;

async function startApp(peer: OpenAiPeer): Promise<TestApp> {
  return buildTestApp({
    mentor: { model: peerModel(peer.url) },
    rateLimits: { ...DEFAULT_RATE_LIMITS, chat: { max: 1000, windowSeconds: 600 } },
  });
}

const HOURLY = JSON.stringify({
  netMonthlyIncome: 40000,
  monthlyCosts: 5000,
  billableHoursPerWeek: 30,
  regime: 'pausalni-dan-1',
});

function ask(t: TestApp, content: string, context?: object) {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/v1/chat',
      payload: {
        language: 'cs',
        messages: [{ role: 'user', content }],
        ...(context ? { context } : {}),
      },
    })
    .then((res) => parseEvents(res.body));
}

/** The `tool` messages of a request, their content parsed. */
const toolResults = (request: PeerRequest | undefined) =>
  (request?.body.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => ({
      id: message.tool_call_id,
      ...(JSON.parse(message.content ?? '') as object),
    }));

describe('the model mentor with tools, against an OpenAI-compatible server', () => {
  let peer: OpenAiPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startApp(peer);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('offers the tools, runs a call on the server, and the model cites its result', async () => {
    const before = peer.requests.length;
    peer.next(
      { toolCalls: [{ name: 'hourly_rate', arguments: HOURLY, id: 'call_rate' }] },
      { pieces: ['Účtuj aspoň ', '489 Kč za hodinu.'] },
    );
    const events = await ask(t, 'Kolik si mám účtovat za hodinu?');
    const [first, second] = peer.requests.slice(before);
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual([
      'hourly_rate',
      'compare_pausal',
      'put_aside',
      'vat_watch',
      'osvc_vs_sro',
      'deadlines',
    ]);
    expect(first?.body.tool_choice).toBe('auto');
    const call = second?.body.messages.find((message) => message.role === 'assistant');
    expect(call?.tool_calls?.[0]).toMatchObject({
      id: 'call_rate',
      function: { name: 'hourly_rate', arguments: HOURLY },
    });
    // 40 000 net + 5 000 costs on band 1 in 1 350 hours (domain tests): 489 Kč an hour.
    expect(toolResults(second)).toEqual([
      expect.objectContaining({
        id: 'call_rate',
        result: expect.objectContaining({ hourly: 489, year: 2026 }),
      }),
    ]);
    expect(events).toContainEqual({
      type: 'calculator',
      calculator: {
        id: 'hourly-rate',
        input: {
          netMonthlyIncome: 40000,
          monthlyCosts: 5000,
          billableHoursPerWeek: 30,
          regime: 'pausal-1',
        },
      },
    });
    const text = events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
    expect(text).toBe('Účtuj aspoň 489 Kč za hodinu.');
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'model' });
  });

  it('answers two calls of one turn, each by its id, with the profile the user shared', async () => {
    const before = peer.requests.length;
    peer.next(
      {
        toolCalls: [
          { name: 'vat_watch', arguments: '{"turnover": 1700000}', id: 'a' },
          { name: 'deadlines', arguments: '{"month": "2027-01"}', id: 'b' },
        ],
      },
      { pieces: ['Hotovo.'] },
    );
    const events = await ask(t, 'Kdy budu plátce DPH a co mě čeká v lednu?', {
      profile: PROFILE,
      profileForModel: true,
    });
    const [first, second] = peer.requests.slice(before);
    const [vat, deadlines] = toolResults(second) as unknown as [
      { result: { status: string } },
      { deadlines: { id: string; date: string }[] },
    ];
    expect(vat.result.status).toBe('approaching');
    expect(deadlines.deadlines.map((deadline) => [deadline.id, deadline.date])).toEqual([
      ['pausal-notice-2027', '2027-01-11'],
      ['pausalni-dan-2027-01', '2027-01-20'],
    ]);
    expect(events.filter((event) => event.type === 'calculator')).toHaveLength(1);
    // The profile reached the model, without the IČO.
    const system = first?.body.messages[0]?.content ?? '';
    expect(system).toContain('- trade: grafika');
    expect(system).not.toContain('26168685');
  });

  it('never tells the model about the profile unless the user allowed it', async () => {
    const before = peer.requests.length;
    peer.next({ toolCalls: [{ name: 'deadlines', arguments: '{}' }] }, { pieces: ['Nevím.'] });
    await ask(t, 'Co mě čeká tento měsíc?', { profile: PROFILE, profileForModel: false });
    const [first, second] = peer.requests.slice(before);
    expect(JSON.stringify(first?.body.messages)).not.toMatch(/grafika|zivnost-main|pausalni-dan/);
    expect(toolResults(second)).toEqual([
      expect.objectContaining({ error: expect.stringMatching(/no business profile/) }),
    ]);
  });

  it('answers a malformed call and a call to an unknown tool with errors the model can read', async () => {
    const before = peer.requests.length;
    peer.next(
      {
        toolCalls: [
          { name: 'hourly_rate', arguments: '{"netMonthlyIncome": 40', id: 'broken' },
          { name: 'weather', arguments: '{}', id: 'unknown' },
          { name: 'put_aside', arguments: '{"invoiceAmount": -5}', id: 'bad' },
        ],
      },
      { pieces: ['Zkusím to jinak.'] },
    );
    const events = await ask(t, 'Kolik si mám odložit?');
    expect(toolResults(peer.requests.slice(before)[1])).toEqual([
      { id: 'broken', error: 'arguments are not valid JSON' },
      { id: 'unknown', error: 'unknown tool weather' },
      {
        id: 'bad',
        error: 'invalid arguments',
        detail: [{ field: 'invoiceAmount', code: 'negative' }],
      },
    ]);
    expect(events.filter((event) => event.type === 'calculator')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'model' });
  });

  it('stops offering tools after three rounds, so the model has to answer', async () => {
    const before = peer.requests.length;
    const again = { toolCalls: [{ name: 'vat_watch', arguments: '{"turnover": 100}' }] };
    peer.next(again, again, again, { pieces: ['Obrat je malý.'] });
    const events = await ask(t, 'Jak jsem na tom s DPH?');
    const sent = peer.requests.slice(before);
    expect(sent.map((request) => Boolean(request.body.tools))).toEqual([true, true, true, false]);
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'model' });
  });
});

describe('an endpoint without function calling', () => {
  let peer: OpenAiPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startApp(peer);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('is asked again without tools, and never offered them again', async () => {
    peer.next({ refuseTools: true, pieces: ['Bez nástrojů.'] });
    const events = await ask(t, 'Kolik si mám účtovat?');
    expect(peer.requests.map((request) => Boolean(request.body.tools))).toEqual([true, false]);
    expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'model' });

    peer.next({ pieces: ['Zase bez.'] });
    await ask(t, 'A kolik si mám odložit?');
    expect(peer.requests.at(-1)?.body.tools).toBeUndefined();
  });
});
