import type { ChatRequest } from '@partak/domain/api/chat';
import type { BusinessProfile } from '@partak/domain/business-profile';
import type { ArticleHit } from '../library/search-index.ts';
import { fill, type LanguageTemplates } from '../templates.ts';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * A documented estimate instead of a tokenizer: about four characters a token for Czech, English,
 * German and Spanish text in current models' vocabularies, rounded up. The budget is a ceiling
 * for cost and context, not an exact count, so the estimate errs on the long side.
 */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 4;

/**
 * The system message: the persona, the answer base's written answer to the question (its facts
 * and figures are the ones both mentors give), the library passages to lean on, the goals if shared.
 */
function systemMessage(
  request: ChatRequest,
  hits: readonly ArticleHit[],
  t: LanguageTemplates,
  answer: string | undefined,
  tools: boolean,
): string {
  const parts = [t.persona];
  if (tools) parts.push(t.model.tools);
  if (answer) parts.push(`${t.model.answer}\n\n${answer}`);
  if (hits.length === 0 && !answer) {
    parts.push(t.model.noLibrary);
  } else if (hits.length > 0) {
    const passages = hits.map((hit) => {
      const text = hit.passages.join('\n') || hit.text.preview;
      return `[${hit.text.title}](${hit.text.url})\n${text}`;
    });
    parts.push(`${t.model.library}\n\n${passages.join('\n\n')}`);
  }
  const goals = request.context?.goals ?? [];
  if (goals.length > 0) {
    const lines = goals.map(
      (goal) =>
        `- ${fill(t.model.goalLine, { title: goal.title, done: String(goal.done), steps: String(goal.steps) })}`,
    );
    parts.push(`${t.model.goals}\n${lines.join('\n')}`);
  }
  const profile = request.context?.profileForModel ? request.context.profile : undefined;
  if (profile) parts.push(`${t.model.profile}\n${profileLines(profile)}`);
  return parts.join('\n\n');
}

/**
 * The profile as the model reads it: one field a line, never the IČO or the register's address
 * (they add nothing to advice and are the most identifying fields).
 */
function profileLines(profile: BusinessProfile): string {
  const hidden = new Set(['ico', 'registry', 'onboardedAt']);
  return Object.entries(profile)
    .filter(([key]) => !hidden.has(key))
    .map(([key, value]) => `- ${key}: ${String(value)}`)
    .join('\n');
}

/**
 * What the model is sent: the system message (with the written answer, when the answer base has
 * one), then the conversation trimmed to `budget` tokens
 * from its newest end (the question itself is always kept, cut if it alone is too long).
 */
export function buildPrompt(
  request: ChatRequest,
  hits: readonly ArticleHit[],
  t: LanguageTemplates,
  budget: number,
  answer?: string,
  tools = false,
): PromptMessage[] {
  const system: PromptMessage = {
    role: 'system',
    content: systemMessage(request, hits, t, answer, tools),
  };
  let left = budget - estimateTokens(system.content);
  const kept: PromptMessage[] = [];
  for (const message of [...request.messages].reverse()) {
    const cost = estimateTokens(message.content);
    if (kept.length > 0 && cost > left) break;
    kept.unshift(
      cost > left && kept.length === 0
        ? { role: message.role, content: message.content.slice(-Math.max(left, 100) * 4) }
        : { role: message.role, content: message.content },
    );
    left -= cost;
  }
  return [system, ...kept];
}
