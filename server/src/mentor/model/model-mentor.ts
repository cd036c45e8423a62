import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatRequest } from '@partak/domain/api/chat';
import { MESSAGE_MAX_LENGTH } from '@partak/domain/chat';
import type { Figures } from '@partak/domain/figures';
import type { Language } from '@partak/domain/languages';
import type { MentorEvent } from '@partak/domain/mentor-events';
import type { ModelConfig } from '../../config/mentor-env.ts';
import { renderAnswer } from '../answers/render.ts';
import { suggestedGoal, type LibraryIndex } from '../library/search-index.ts';
import type { Mentor, MentorLog, ReplyOptions } from '../mentor.ts';
import type { LanguageTemplates } from '../templates.ts';
import type { Understander, Understanding } from '../understanding.ts';
import { runTool, type ToolContext } from '../tools/run-tool.ts';
import { TOOLS } from '../tools/definitions.ts';
import { buildPrompt } from './prompt.ts';
import { refusesTools, streamRound } from './stream-round.ts';

/** Rounds of tool calls before the model must answer in words. */
export const MAX_TOOL_ROUNDS = 3;

/** Why the model did not answer: a time limit, or what the endpoint or the stream did. */
class ModelFailure extends Error {
  override name = 'ModelFailure';
}

/** What a failure is called in the log: never the user's words, never the key. */
function reasonOf(error: unknown): Record<string, unknown> {
  // The client's connection failures and time limits are APIErrors without a status.
  if (error instanceof OpenAI.APIError) {
    return error.status === undefined
      ? { reason: error.constructor.name }
      : { reason: 'status', status: error.status };
  }
  if (error instanceof ModelFailure) return { reason: error.message };
  return { reason: error instanceof Error ? error.name : 'unknown' };
}

/**
 * The answer base's written answer the model is grounded on, with the person's case filled in
 * and the articles it links: the same facts and figures the library mentor gives.
 */
function writtenAnswer(
  understanding: Understanding,
  language: Language,
  figures: Figures,
  index: LibraryIndex,
) {
  if (understanding.kind !== 'intent' || (understanding.intent.type ?? 'answer') !== 'answer') {
    return undefined;
  }
  const { intent, slots } = understanding;
  const links = articlesOf(understanding, language, index).map(
    (text) => `[${text.title}](${text.url})`,
  );
  return [renderAnswer(intent[language].answer, { figures, language, slots }), ...links].join(
    '\n\n',
  );
}

/** The library articles the matched intent links (in the reader's language where there is one). */
function articlesOf(understanding: Understanding, language: Language, index: LibraryIndex) {
  return understanding.kind === 'intent'
    ? index.articles(understanding.intent.articles, language)
    : [];
}

/**
 * The mentor backed by an OpenAI-compatible Chat Completions endpoint (Ollama, llama.cpp, vLLM,
 * LM Studio, OpenAI), streamed. A person in crisis gets the helplines before any model is asked
 * (the library mentor gives them). Otherwise the answer base's written answer and the library's
 * passages for the question ground the reply, and the model is told to cite the articles as
 * links; the sources it did cite are sent after the text.
 *
 * If the model fails before its first piece of text — unreachable, a 4xx/5xx, no first token in
 * time, a broken stream — the library mentor answers instead, labelled as such; the failure is
 * logged without the user's text. A stream that breaks after text has arrived keeps that text
 * and ends with `reply_interrupted`. The client going away aborts the request to the model.
 */
export function modelMentor(options: {
  config: ModelConfig;
  index: LibraryIndex;
  understander: Understander;
  figures: Figures;
  templates: Record<Language, LanguageTemplates>;
  fallback: Mentor;
  log: MentorLog;
}): Mentor {
  const { config, index, understander, figures, templates, fallback, log } = options;
  const client = new OpenAI({
    baseURL: config.apiUrl,
    // Local servers take no key; the client library insists on one.
    apiKey: config.apiKey ?? 'no-key',
    timeout: config.connectTimeoutMs,
    maxRetries: 0,
  });
  // Set once the endpoint refused `tools`: this process then never offers them again.
  let toolsRefused = false;

  return {
    async *reply(
      request: ChatRequest,
      signal: AbortSignal,
      replyOptions?: ReplyOptions,
    ): AsyncGenerator<MentorEvent> {
      if (replyOptions?.libraryOnly) {
        yield* fallback.reply(request, signal);
        return;
      }
      const understanding = understander.understand(request);
      // Safety first: the helplines come before any model is asked, whatever it would say.
      if (understanding.kind === 'crisis') {
        yield* fallback.reply(request, signal);
        return;
      }
      const hits = index.answering(request.messages, request.language);
      const messages: ChatCompletionMessageParam[] = buildPrompt(
        request,
        hits,
        templates[request.language],
        config.contextTokens,
        writtenAnswer(understanding, request.language, figures, index),
        !toolsRefused,
      );
      const deadline = new AbortController();
      let timer = setTimeout(
        () => deadline.abort(new ModelFailure('first_token_timeout')),
        config.firstTokenTimeoutMs,
      );
      const active = () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => deadline.abort(new ModelFailure('idle_timeout')),
          config.idleTimeoutMs,
        );
      };
      const tools: ToolContext = {
        figures,
        now: new Date(),
        ...(request.context?.profileForModel && request.context.profile
          ? { profile: request.context.profile }
          : {}),
      };
      let reply = '';
      let card = false;
      const started = Date.now();
      try {
        for (let round = 0; ; round++) {
          const offerTools = !toolsRefused && round < MAX_TOOL_ROUNDS;
          let stream;
          try {
            stream = await client.chat.completions.create(
              {
                model: config.model,
                messages,
                stream: true,
                max_tokens: config.maxTokens,
                ...(offerTools ? { tools: TOOLS, tool_choice: 'auto' as const } : {}),
              },
              { signal: AbortSignal.any([signal, deadline.signal]) },
            );
          } catch (error) {
            // An endpoint without function calling: ask again without tools, and remember it
            // for this process, so every later question goes straight to the plain request.
            if (!offerTools || !refusesTools(error, OpenAI.APIError)) throw error;
            toolsRefused = true;
            log.info({ reason: 'tools_refused' }, 'model mentor: the endpoint takes no tools');
            round -= 1;
            continue;
          }
          let said = '';
          const rounds = streamRound(stream, active);
          let next = await rounds.next();
          for (; !next.done; next = await rounds.next()) {
            // A reply is one chat message: past the message limit it would be one the app can
            // neither keep nor send back, so the model is stopped there (leaving the loop ends
            // the request).
            const piece = next.value.slice(0, MESSAGE_MAX_LENGTH - reply.length);
            reply += piece;
            said += piece;
            yield { type: 'text', text: piece };
            if (reply.length >= MESSAGE_MAX_LENGTH) break;
          }
          const calls = next.done ? next.value : [];
          if (calls.length === 0 || reply.length >= MESSAGE_MAX_LENGTH) break;
          messages.push({
            role: 'assistant',
            content: said || null,
            tool_calls: calls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          });
          for (const call of calls) {
            const run = runTool(call.name, call.arguments, tools);
            messages.push({ role: 'tool', tool_call_id: call.id, content: run.content });
            if (run.card && !card) {
              card = true;
              yield { type: 'calculator', calculator: run.card };
            }
          }
        }
        // An aborted stream may simply end instead of throwing: a time limit is still a failure.
        if (deadline.signal.aborted) throw deadline.signal.reason;
        if (signal.aborted) return;
        if (reply === '') throw new ModelFailure('empty_reply');
      } catch (error) {
        if (signal.aborted) return;
        const failure = deadline.signal.aborted ? deadline.signal.reason : error;
        log.warn(
          { ...reasonOf(failure), afterMs: Date.now() - started, partial: reply !== '' },
          'model mentor failed',
        );
        if (reply === '') {
          yield* fallback.reply(request, signal);
        } else {
          yield { type: 'error', code: 'reply_interrupted', mentor: 'model' };
        }
        return;
      } finally {
        clearTimeout(timer);
      }
      const cited = new Map(
        [...articlesOf(understanding, request.language, index), ...hits.map((hit) => hit.text)]
          .filter((text) => reply.includes(`(${text.url})`))
          .map((text) => [text.url, text.title]),
      );
      for (const [url, title] of cited) yield { type: 'source', source: { url, title } };
      const goal = suggestedGoal(hits[0]?.text);
      if (goal) yield { type: 'goal', goal };
      yield { type: 'done', mentor: 'model' };
    },
  };
}
