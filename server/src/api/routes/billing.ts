import { CheckoutRequestSchema, PortalRequestSchema } from '@partak/domain/api/billing';
import type { Billing } from '../../billing/billing-service.ts';
import type { ApiInstance } from '../api-instance.ts';
import { userOf } from '../require-user.ts';
import { SMALL_BODY_LIMIT, userIdOf, type RouteLimit } from './user-data-scope.ts';

/**
 * The signed-in user's subscription: its state, buying it (the provider's hosted checkout),
 * managing the card and invoices (the provider's portal), cancelling at the period's end and
 * taking that back. Only the caller's own account is ever named: no id is in any path.
 */
export function billingRoutes(
  app: ApiInstance,
  { billing, limit }: { billing: Billing; limit: RouteLimit },
): void {
  app.get('/billing', { config: limit }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return billing.status(userIdOf(request));
  });

  app.post(
    '/billing/checkout',
    { schema: { body: CheckoutRequestSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request) => {
      const { user } = userOf(request).record;
      const holder = { id: user.id, email: user.email ?? undefined };
      return { url: await billing.checkout(holder, request.body.language) };
    },
  );

  app.post(
    '/billing/portal',
    { schema: { body: PortalRequestSchema }, bodyLimit: SMALL_BODY_LIMIT, config: limit },
    async (request) => ({ url: await billing.portal(userIdOf(request), request.body.language) }),
  );

  app.post('/billing/cancel', { config: limit }, async (request) =>
    billing.setCancelled(userIdOf(request), true),
  );

  app.post('/billing/resume', { config: limit }, async (request) =>
    billing.setCancelled(userIdOf(request), false),
  );
}

/** Stripe's events are small; a body past this is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /billing/webhook: the provider's events. The body is taken as the exact text sent, since
 * its signature is over those bytes (re-serialised JSON would not verify).
 */
export async function billingWebhookRoute(
  app: ApiInstance,
  { billing, limit }: { billing: Billing; limit: RouteLimit },
): Promise<void> {
  await app.register(async (scope: ApiInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/billing/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, config: limit },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        await billing.receiveWebhook(
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(200).send({ received: true });
      },
    );
  });
}
