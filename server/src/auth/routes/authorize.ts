import type { FastifyInstance } from 'fastify';
import { AuthError } from '../auth-error.ts';

/** Providers GoTrue knows of; which of them are switched on is configuration (next issue). */
const KNOWN_PROVIDERS = new Set(['google', 'apple']);

/**
 * GET /authorize?provider=… (contract §2.3): the start of Google or Apple sign-in. No provider is
 * configured yet, so every known one answers Supabase's own "provider is not enabled" error —
 * the app shows it as a toast — and an unknown one says it could not be found.
 */
export function authorizeRoute(app: FastifyInstance): void {
  app.get('/authorize', async (request) => {
    const provider = (request.query as Record<string, unknown>).provider;
    if (typeof provider !== 'string' || !KNOWN_PROVIDERS.has(provider.toLowerCase())) {
      throw new AuthError(
        400,
        'validation_failed',
        `Unsupported provider: Provider ${String(provider ?? '')} could not be found`,
      );
    }
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
}
