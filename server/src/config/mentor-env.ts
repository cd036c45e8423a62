import { z } from 'zod/mini';
import { httpUrl, wholeNumber } from './env-fields.ts';

/** The model mentor (ADR 010): an OpenAI-compatible endpoint, switched on by its URL. */
export interface ModelConfig {
  /** e.g. `http://localhost:11434/v1` (Ollama) or `https://api.openai.com/v1`. */
  apiUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer`; local servers need none. */
  apiKey: string | undefined;
  /** How much of the conversation the model gets (estimated at 4 characters a token). */
  contextTokens: number;
  /** Longest reply asked of the model, in tokens. */
  maxTokens: number;
  /** Until the endpoint answers at all. */
  connectTimeoutMs: number;
  /** Until the first piece of the reply. */
  firstTokenTimeoutMs: number;
  /** Between two pieces of the reply. */
  idleTimeoutMs: number;
}

export interface MentorConfig {
  /** Undefined: the library mentor answers everything. */
  model: ModelConfig | undefined;
}

/** The environment variables behind MentorConfig, merged into the main schema in env.ts. */
export const mentorEnvShape = {
  MENTOR_API_URL: z.optional(httpUrl),
  MENTOR_MODEL: z.optional(z.string().check(z.minLength(1))),
  MENTOR_API_KEY: z.optional(z.string().check(z.minLength(1))),
  MENTOR_CONTEXT_TOKENS: wholeNumber(500, 1_000_000, 6000),
  // A reply must fit one chat message (8,000 characters, about 2,000 tokens).
  MENTOR_MAX_TOKENS: wholeNumber(50, 2000, 800),
  MENTOR_CONNECT_TIMEOUT_MS: wholeNumber(100, 120_000, 5000),
  MENTOR_FIRST_TOKEN_TIMEOUT_MS: wholeNumber(100, 300_000, 20_000),
  MENTOR_IDLE_TIMEOUT_MS: wholeNumber(100, 300_000, 20_000),
};

/** An API key is a secret, and a URL may carry credentials: a bad one is named, never echoed. */
export const MENTOR_SECRETS = ['MENTOR_API_KEY', 'MENTOR_API_URL'];

type MentorEnv = z.output<z.ZodMiniObject<typeof mentorEnvShape>>;

export function mentorConfig(env: MentorEnv): MentorConfig {
  return {
    model: env.MENTOR_API_URL
      ? {
          apiUrl: env.MENTOR_API_URL.replace(/\/+$/, ''),
          model: env.MENTOR_MODEL ?? 'llama3.1',
          apiKey: env.MENTOR_API_KEY,
          contextTokens: env.MENTOR_CONTEXT_TOKENS,
          maxTokens: env.MENTOR_MAX_TOKENS,
          connectTimeoutMs: env.MENTOR_CONNECT_TIMEOUT_MS,
          firstTokenTimeoutMs: env.MENTOR_FIRST_TOKEN_TIMEOUT_MS,
          idleTimeoutMs: env.MENTOR_IDLE_TIMEOUT_MS,
        }
      : undefined,
  };
}
