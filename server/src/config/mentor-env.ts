import { z } from 'zod';

/** The model mentor (issue 11): an OpenAI-compatible endpoint, switched on by its URL. */
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
  /** Chat replies per user (per IP when signed out) per 10 minutes. */
  rateLimit: number;
}

const whole = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/** The environment variables behind MentorConfig, merged into the main schema in env.ts. */
export const mentorEnvShape = {
  MENTOR_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  MENTOR_MODEL: z.string().min(1).optional(),
  MENTOR_API_KEY: z.string().min(1).optional(),
  MENTOR_CONTEXT_TOKENS: whole(500, 1_000_000, 6000),
  MENTOR_MAX_TOKENS: whole(50, 8000, 800),
  MENTOR_CONNECT_TIMEOUT_MS: whole(100, 120_000, 5000),
  MENTOR_FIRST_TOKEN_TIMEOUT_MS: whole(100, 300_000, 20_000),
  MENTOR_IDLE_TIMEOUT_MS: whole(100, 300_000, 20_000),
  RATE_LIMIT_CHAT: whole(1, 1_000_000, 40),
};

/** An API key is a secret: a bad one is named, never echoed. */
export const MENTOR_SECRETS = ['MENTOR_API_KEY'];

type MentorEnv = z.output<z.ZodObject<typeof mentorEnvShape>>;

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
    rateLimit: env.RATE_LIMIT_CHAT,
  };
}
