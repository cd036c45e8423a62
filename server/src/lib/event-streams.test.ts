import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import type { EventStream } from './event-streams.ts';

/** The app on a real port, with a route that opens a stream, sends one event and never ends. */
async function streamingApp(): Promise<{ t: TestApp; url: string; opened: EventStream[] }> {
  const t = await buildTestApp();
  const opened: EventStream[] = [];
  t.app.get('/api/v1/test/stream', (request, reply) => {
    const stream = t.app.eventStreams.start(request, reply, {
      shutdownEvent: { type: 'error', code: 'unavailable' },
    });
    stream.send({ type: 'text', text: 'Ahoj' });
    opened.push(stream);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}/api/v1/test/stream`, opened };
}

function open(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => httpRequest(url, resolve).on('error', reject).end());
}

/** What a response has brought so far, and when it ends. */
function reader(response: IncomingMessage) {
  let body = '';
  let taken = 0;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (body += chunk));
  const ended = new Promise<void>((resolve) => response.on('end', resolve));
  return {
    /** The text since the last call, once it contains `text`. */
    async next(text: string): Promise<string> {
      await expect.poll(() => body.slice(taken)).toContain(text);
      const part = body.slice(taken);
      taken = body.length;
      return part;
    },
    async rest(): Promise<string> {
      await ended;
      return body.slice(taken);
    },
  };
}

describe('event streams', () => {
  it('are sent as text/event-stream with the security headers, one JSON event per data line', async () => {
    const { t, url } = await streamingApp();
    const response = await open(url);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(await reader(response).next('\n\n')).toBe('data: {"type":"text","text":"Ahoj"}\n\n');
    response.destroy();
    await t.close();
  });

  it('a graceful stop ends every open stream with a last event instead of hanging', async () => {
    const { t, url, opened } = await streamingApp();
    const readers = (await Promise.all([open(url), open(url)])).map(reader);
    for (const r of readers) await r.next('\n\n');
    expect(t.app.eventStreams.size).toBe(2);

    await t.close(); // resolves only when every response has finished

    expect(await Promise.all(readers.map((r) => r.rest()))).toEqual([
      'data: {"type":"error","code":"unavailable"}\n\n',
      'data: {"type":"error","code":"unavailable"}\n\n',
    ]);
    expect(opened.map((stream) => stream.signal.reason)).toEqual(['shutdown', 'shutdown']);
  });

  it('a client that goes away aborts the work behind its stream', async () => {
    const { t, url, opened } = await streamingApp();
    const response = await open(url);
    await reader(response).next('\n\n');
    response.destroy();
    await expect.poll(() => opened[0]?.signal.reason).toBe('disconnected');
    expect(t.app.eventStreams.size).toBe(0);
    await t.close();
  });
});
