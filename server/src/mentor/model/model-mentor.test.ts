import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limit-defaults.ts';
import type { ModelConfig } from '../../config/mentor-env.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { DEFAULT_PIECES, startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';
import { parseEvents, summarize } from '../../../test/sse.ts';
import { MESSAGE_MAX_LENGTH } from '@partak/domain/chat';
import { freePort } from '../../../test/free-port.ts';
import { createMentor } from '../index.ts';

let peer: OpenAiPeer;
let t: TestApp;

const model = (url: string): ModelConfig => ({
  apiUrl: url,
  model: 'peer-model',
  apiKey: 'sk-test-key',
  contextTokens: 6000,
  maxTokens: 400,
  connectTimeoutMs: 2000,
  firstTokenTimeoutMs: 400,
  idleTimeoutMs: 400,
});

beforeAll(async () => {
  peer = await startOpenAiPeer();
  t = await buildTestApp({
    mentor: { model: model(peer.url) },
    rateLimits: { ...DEFAULT_RATE_LIMITS, chat: { max: 1000, windowSeconds: 600 } },
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const QUESTION = 'Zákazník mi nezaplatil fakturu, co s tím?';
const ask = async (
  body: object = { language: 'cs', messages: [{ role: 'user', content: QUESTION }] },
) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat', payload: body });
  return summarize(parseEvents(res.body));
};
const lastRequest = () => peer.requests.at(-1);

describe('the model mentor against an OpenAI-compatible server', () => {
  it('streams the model’s pieces in order and says the model answered', async () => {
    peer.next({ pieces: DEFAULT_PIECES });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat',
      payload: { language: 'cs', messages: [{ role: 'user', content: QUESTION }] },
    });
    const events = parseEvents(res.body);
    expect(
      events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.text : '')),
    ).toEqual(DEFAULT_PIECES);
    expect(events.at(-1)).toEqual({ type: 'done', mentor: 'model' });
  });

  it('sends the persona, the library’s passages and the conversation, with the API key', async () => {
    peer.next({});
    await ask({
      language: 'cs',
      messages: [
        { role: 'user', content: 'Ahoj' },
        { role: 'assistant', content: 'Ahoj! S čím ti pomůžu?' },
        { role: 'user', content: QUESTION },
      ],
    });
    const request = lastRequest();
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.body).toMatchObject({ model: 'peer-model', stream: true, max_tokens: 400 });
    const [system, ...rest] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/Jsi Parťák/);
    expect(system?.content).toContain('(/library/penize-dane-urady/fakturace)');
    expect(rest.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(rest.at(-1)?.content).toBe(QUESTION);
    expect(system?.content).not.toMatch(/Cíle, které si uživatel/);
  });

  it('grounds the model on the answer base’s written answer, its figures with their year, as the library mentor gives them', async () => {
    peer.next({});
    await ask({
      language: 'cs',
      messages: [{ role: 'user', content: 'Mám obrat 2,6 milionu za rok, musím k DPH?' }],
    });
    const system = (lastRequest()?.body.messages[0]?.content ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(system).toMatch(/Parťák má na tuhle otázku napsanou odpověď/);
    expect(system).toContain('2 000 000 Kč');
    expect(system).toContain('2 600 000 Kč');
    expect(system).toMatch(/\(\/library\/penize-dane-urady\/dph\)/);
    expect(system).toMatch(/vždy s rokem/);
  });

  it.each([
    ['cs', 'Někdy si říkám, že bych nejradši umřel'],
    ['en', "I don't want to be alive anymore"],
  ] as const)(
    'answers a person in crisis with the helplines before any model is asked (%s)',
    async (language, content) => {
      const before = peer.requests.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat',
        payload: { language, messages: [{ role: 'user', content }] },
      });
      const events = parseEvents(res.body);
      expect(events[0]).toMatchObject({ type: 'crisis', helplines: expect.any(Array) });
      expect(summarize(events).text).toContain('116 123');
      expect(events.at(-1)).toEqual({ type: 'done', mentor: 'library' });
      expect(peer.requests.length).toBe(before);
    },
  );

  it('puts the user’s goals in the prompt only when the app sends them (with consent)', async () => {
    peer.next({});
    await ask({
      language: 'cs',
      messages: [{ role: 'user', content: QUESTION }],
      context: { goals: [{ title: 'Získat 10 prvních klientů', steps: 10, done: 4 }] },
    });
    expect(lastRequest()?.body.messages[0]?.content).toMatch(
      /Získat 10 prvních klientů – hotovo 4 z 10 kroků/,
    );
  });

  it('keeps only the newest part of a long conversation within the token budget', async () => {
    peer.next({});
    const long = 'slovo '.repeat(1300);
    const messages = Array.from({ length: 9 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `${i}: ${long}`,
    }));
    await ask({ language: 'cs', messages: [...messages, { role: 'user', content: QUESTION }] });
    const sent = lastRequest()?.body.messages ?? [];
    expect(sent.length).toBeLessThan(11);
    expect(sent.at(-1)?.content).toBe(QUESTION);
    const total = sent.reduce((sum, m) => sum + (m.content ?? '').length, 0);
    expect(total / 4).toBeLessThanOrEqual(6000 + 200);
  });

  it('lists the library articles the model cited as sources, and offers the best one’s checklist', async () => {
    peer.next({
      pieces: [
        'Pošli upomínku. ',
        'Víc v článku [Fakturace](/library/penize-dane-urady/fakturace).',
      ],
    });
    const { sources, goal, end } = await ask();
    expect(sources).toEqual(['/library/penize-dane-urady/fakturace']);
    expect(goal).toMatchObject({ type: 'goal', goal: { steps: expect.any(Number) } });
    expect(end).toEqual({ type: 'done', mentor: 'model' });
  });

  it('stops the model at the length of one chat message, and keeps the reply', async () => {
    peer.next({ pieces: ['a'.repeat(5000), 'b'.repeat(5000), 'c'.repeat(5000)], pieceDelayMs: 50 });
    const before = peer.requests.length;
    const { text, end } = await ask();
    expect(text).toBe('a'.repeat(5000) + 'b'.repeat(MESSAGE_MAX_LENGTH - 5000));
    expect(end).toEqual({ type: 'done', mentor: 'model' });
    await expect.poll(() => peer.requests[before]?.abortedByClient, { timeout: 3000 }).toBe(true);
  });

  it('reads Ollama’s variant of the stream too', async () => {
    peer.next({ flavour: 'ollama', pieces: ['Dobrý ', 'den.'] });
    const { text, end } = await ask();
    expect(text).toBe('Dobrý den.');
    expect(end).toEqual({ type: 'done', mentor: 'model' });
  });

  describe('falls back to the library, labelled so, when the model fails before its first token', () => {
    it.each([
      ['a 500', { status: 500 }],
      ['a 429', { status: 429 }],
      ['a first token too slow', { firstTokenDelayMs: 2000 }],
      ['a malformed first chunk', { malformedAfter: 0 }],
      ['a stream cut before any text', { breakAfter: 0 }],
      ['a server silent after its headers', { hang: true }],
    ])('%s', async (_name, script) => {
      peer.next(script);
      const { text, sources, end } = await ask();
      expect(end).toEqual({ type: 'done', mentor: 'library' });
      expect(sources).toContain('/library/penize-dane-urady/fakturace');
      expect(text).toMatch(/Dnes:/);
    });
  });

  describe('keeps what arrived and says the reply broke off when the model fails mid-reply', () => {
    it.each([
      ['a cut connection', { breakAfter: 2 }],
      ['a malformed chunk', { malformedAfter: 2 }],
      ['a pause longer than the idle limit', { pieceDelayMs: 2000 }],
    ])('%s', async (_name, script) => {
      peer.next({ pieces: ['Jedna, ', 'dvě, ', 'tři.'], ...script });
      const { text, end } = await ask();
      expect(text.startsWith('Jedna, ')).toBe(true);
      expect(end).toEqual({ type: 'error', code: 'reply_interrupted', mentor: 'model' });
    });
  });

  it('ends the request to the model when the client goes away', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    peer.next({ pieces: ['Začínám…', ' pokračuju', ' dál'], pieceDelayMs: 150 });
    const before = peer.requests.length;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/v1/chat',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => undefined);
      req.end(JSON.stringify({ language: 'cs', messages: [{ role: 'user', content: QUESTION }] }));
      setTimeout(() => reject(new Error('no reply')), 5000);
    });
    await expect.poll(() => peer.requests[before]?.abortedByClient, { timeout: 3000 }).toBe(true);
  });

  it('logs why the model failed, never what the user wrote', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/v1`;
    for (const [url, reason] of [
      [peer.url, /"reason":"status","status":500/],
      [unreachable, /"reason":"APIConnectionError"/],
    ] as const) {
      const warnings: unknown[] = [];
      const mentor = await createMentor(
        { model: model(url) },
        { info: () => undefined, warn: (...args: unknown[]) => void warnings.push(args) },
      );
      if (url === peer.url) peer.next({ status: 500 });
      const secret = 'Moje tajné číslo účtu je 123456789/0800';
      const events = [];
      for await (const event of mentor.reply(
        { language: 'cs', messages: [{ role: 'user', content: secret }] },
        new AbortController().signal,
      )) {
        events.push(event);
      }
      // The library answered instead, and the log says why without the user's words.
      expect(events.at(-1)).toEqual({ type: 'done', mentor: 'library' });
      expect(JSON.stringify(warnings)).toMatch(reason);
      expect(JSON.stringify(warnings)).not.toContain('123456789');
    }
  });
});
