import { ClientConfigSchema, type ClientConfig } from '@partak/domain/api/config';
import type { ApiInstance } from '../api-instance.ts';

/**
 * GET /config: what the browser needs to talk to the auth API and to subscribe to push reminders,
 * and whether this server sells the subscription, delivered at run time.
 */
export function configRoute(app: ApiInstance, options: Omit<ClientConfig, 'authUrl'>): void {
  app.get(
    '/config',
    { schema: { response: { 200: ClientConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { authUrl: '/auth/v1', ...options };
    },
  );
}
