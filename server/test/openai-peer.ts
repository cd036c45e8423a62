import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModelConfig } from '../src/config/mentor-env.ts';

/**
 * What the peer does with the next chat completion request. It speaks the OpenAI Chat
 * Completions streaming protocol as the real servers do: `data:` lines of `chat.completion.chunk`
 * JSON, a role delta first, content deltas, a `finish_reason`, a usage chunk, then `data: [DONE]`
 * ('openai'); or the way Ollama's OpenAI-compatible endpoint streams ('ollama': the role on every
 * delta, an empty final delta with the finish reason, no usage chunk).
 */
export interface PeerScript {
  flavour?: 'openai' | 'ollama';
  /** The reply, in the pieces it is streamed in. */
  pieces?: string[];
  /** Answer with this HTTP status and an OpenAI error body instead of a stream. */
  status?: number;
  /** Milliseconds before the first content piece (after the headers). */
  firstTokenDelayMs?: number;
  /** Milliseconds between pieces. */
  pieceDelayMs?: number;
  /** Send a line that is not JSON after this many pieces. */
  malformedAfter?: number;
  /** Cut the connection after this many pieces. */
  breakAfter?: number;
  /** Never send anything after the headers (until the client goes). */
  hang?: boolean;
  /**
   * Instead of text, call these tools (streamed as OpenAI does: each call's id and name first,
   * its arguments in two pieces, then `finish_reason: "tool_calls"`).
   */
  toolCalls?: { name: string; arguments: string; id?: string }[];
  /** Refuse a request that offers `tools` with 400, as servers without function calling do. */
  refuseTools?: boolean;
}

export interface PeerRequest {
  body: {
    model: string;
    stream: boolean;
    messages: {
      role: string;
      content: string | null;
      tool_call_id?: string;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    }[];
    max_tokens?: number;
    tools?: { type: string; function: { name: string } }[];
    tool_choice?: string;
  };
  headers: IncomingMessage['headers'];
  /** True once the client closed the connection before the reply was complete. */
  abortedByClient: boolean;
}

export interface OpenAiPeer {
  /** `http://127.0.0.1:<port>/v1`: what MENTOR_API_URL would be. */
  url: string;
  requests: PeerRequest[];
  /** The scripts of the next requests, taken one each; an empty queue streams `DEFAULT`. */
  next(...scripts: PeerScript[]): void;
  close(): Promise<void>;
}

export const DEFAULT_PIECES = ['Ahoj, ', 'tady ', 'model.'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(
  flavour: 'openai' | 'ollama',
  delta: Record<string, unknown>,
  finish: string | null = null,
) {
  return {
    id: 'chatcmpl-peer',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'peer-model',
    ...(flavour === 'ollama' ? { system_fingerprint: 'fp_ollama' } : {}),
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

async function stream(script: PeerScript, res: ServerResponse, record: PeerRequest) {
  const flavour = script.flavour ?? 'openai';
  const pieces = script.pieces ?? DEFAULT_PIECES;
  const send = (data: unknown) =>
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (flavour === 'openai') send(chunk(flavour, { role: 'assistant', content: '' }));
  if (script.hang) return;
  await sleep(script.firstTokenDelayMs ?? 0);
  if (script.toolCalls) {
    streamToolCalls(script.toolCalls, send);
    send('[DONE]');
    res.end();
    return;
  }
  for (const [i, piece] of pieces.entries()) {
    if (record.abortedByClient) return;
    if (script.breakAfter === i) {
      res.socket?.destroy();
      return;
    }
    if (script.malformedAfter === i) send('{"choices": [{"delta": {"content": "nedokonč');
    const delta = flavour === 'ollama' ? { role: 'assistant', content: piece } : { content: piece };
    send(chunk(flavour, delta));
    if (i < pieces.length - 1) await sleep(script.pieceDelayMs ?? 0);
  }
  if (flavour === 'ollama') {
    send(chunk(flavour, { role: 'assistant', content: '' }, 'stop'));
  } else {
    send(chunk(flavour, {}, 'stop'));
    send({
      ...chunk(flavour, {}),
      choices: [],
      usage: {
        prompt_tokens: 42,
        completion_tokens: pieces.length,
        total_tokens: 42 + pieces.length,
      },
    });
  }
  send('[DONE]');
  res.end();
}

function streamToolCalls(
  calls: NonNullable<PeerScript['toolCalls']>,
  send: (data: unknown) => void,
) {
  for (const [index, call] of calls.entries()) {
    const head = { index, id: call.id ?? `call_${index}`, type: 'function' };
    send(
      chunk('openai', { tool_calls: [{ ...head, function: { name: call.name, arguments: '' } }] }),
    );
    const half = Math.floor(call.arguments.length / 2);
    for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
      send(chunk('openai', { tool_calls: [{ index, function: { arguments: part } }] }));
    }
  }
  send(chunk('openai', {}, 'tool_calls'));
}

/** An OpenAI-compatible chat server on a loopback port, driven by scripts. */
export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  const requests: PeerRequest[] = [];
  const scripts: PeerScript[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const record: PeerRequest = {
        body: JSON.parse(raw) as PeerRequest['body'],
        headers: req.headers,
        abortedByClient: false,
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.abortedByClient = true;
      });
      const script = scripts.shift() ?? {};
      if (script.refuseTools && record.body.tools) {
        // Answered as llama.cpp and older vLLM do; the script stays for the retry without tools.
        scripts.unshift({ ...script, refuseTools: false });
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'tools are not supported', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      if (script.status) {
        res.writeHead(script.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'peer refused', type: 'server_error' } }));
        return;
      }
      void stream(script, res, record);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    next: (...next) => scripts.push(...next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The mentor's model settings for a peer at `url`: no key, roomy time limits. */
export const peerModel = (url: string): ModelConfig => ({
  apiUrl: url,
  model: 'peer-model',
  apiKey: undefined,
  contextTokens: 6000,
  maxTokens: 400,
  connectTimeoutMs: 2000,
  firstTokenTimeoutMs: 2000,
  idleTimeoutMs: 2000,
});
