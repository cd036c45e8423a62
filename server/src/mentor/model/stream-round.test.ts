import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { streamRound } from './stream-round.ts';

type Delta = ChatCompletionChunk['choices'][number]['delta'];
const chunks = (...deltas: Delta[]): ChatCompletionChunk[] =>
  deltas.map((delta) => ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: null }],
  }));

async function read(stream: ChatCompletionChunk[]) {
  async function* source() {
    yield* stream;
  }
  const text: string[] = [];
  const rounds = streamRound(source(), () => undefined);
  let next = await rounds.next();
  for (; !next.done; next = await rounds.next()) text.push(next.value);
  return { text, calls: next.value };
}

describe('reading a streamed round', () => {
  it('joins the arguments of each call by its index, as OpenAI streams them', async () => {
    const { text, calls } = await read(
      chunks(
        { content: 'Počítám…' },
        { tool_calls: [{ index: 0, id: 'a', function: { name: 'vat_watch', arguments: '' } }] },
        { tool_calls: [{ index: 1, id: 'b', function: { name: 'deadlines', arguments: '{}' } }] },
        { tool_calls: [{ index: 0, function: { arguments: '{"turn' } }] },
        { tool_calls: [{ index: 0, function: { arguments: 'over": 5}' } }] },
      ),
    );
    expect(text).toEqual(['Počítám…']);
    expect(calls).toEqual([
      { id: 'a', name: 'vat_watch', arguments: '{"turnover": 5}' },
      { id: 'b', name: 'deadlines', arguments: '{}' },
    ]);
  });

  it('keeps apart calls an Ollama server streams at one index, and names calls without ids', async () => {
    const { calls } = await read(
      chunks(
        { tool_calls: [{ index: 0, id: 'x', function: { name: 'put_aside', arguments: '{}' } }] },
        { tool_calls: [{ index: 0, id: 'y', function: { name: 'deadlines', arguments: '{}' } }] },
        { tool_calls: [{ index: 1, function: { name: 'vat_watch', arguments: '{}' } }] },
      ),
    );
    expect(calls.map((call) => [call.id, call.name])).toEqual([
      ['x', 'put_aside'],
      ['y', 'deadlines'],
      ['call_2', 'vat_watch'],
    ]);
  });
});
