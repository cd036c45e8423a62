import type OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/** A tool call as its deltas add up: the id and name arrive once, the arguments in pieces. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Reads one streamed completion: yields each piece of text as it comes, calls `onActivity` on
 * every delta (text or tool call, for the idle timer), and returns the tool calls the model made,
 * assembled by their `index` as OpenAI streams them (`choices[0].delta.tool_calls[]`).
 */
export async function* streamRound(
  stream: AsyncIterable<ChatCompletionChunk>,
  onActivity: () => void,
): AsyncGenerator<string, ToolCall[]> {
  const calls: ToolCall[] = [];
  /** The call each stream index is filling now. */
  const byIndex = new Map<number, ToolCall>();
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (!delta) continue;
    for (const part of delta.tool_calls ?? []) {
      onActivity();
      let call = byIndex.get(part.index);
      // Ollama streams every call of a turn at index 0, each whole and with its own id: a new id
      // at an index is a new call.
      if (!call || (part.id && call.id && part.id !== call.id)) {
        call = { id: '', name: '', arguments: '' };
        calls.push(call);
        byIndex.set(part.index, call);
      }
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
    if (delta.content) {
      onActivity();
      yield delta.content;
    }
  }
  // Some servers leave out the id: the call still needs one to be answered.
  return calls.map((call, i) => ({ ...call, id: call.id || `call_${i}` }));
}

/** An endpoint that refuses the `tools` parameter (an older server, a model without them). */
export function refusesTools(error: unknown, apiError: typeof OpenAI.APIError): boolean {
  return error instanceof apiError && (error.status === 400 || error.status === 422);
}
