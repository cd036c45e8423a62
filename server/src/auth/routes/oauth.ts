import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { AuthContext } from '../auth-context.ts';
import { authorizationUrl } from '../providers/authorize.ts';
import { callbackLocation } from '../providers/callback.ts';
import { providerClients } from '../providers/providers.ts';
import { requireManualLinking } from './identities.ts';
import { firstPartyUser } from '../http/first-party.ts';
import { acceptFormBodies } from '../http/form-body.ts';
import { field, readQuery, requestInput } from '../http/request-input.ts';

const linkQuery = requestInput('LinkIdentityQuery', z.object({ skip_http_redirect: field.string }));

/**
 * Google and Apple sign-in as in GoTrue, both browser navigations: GET /authorize sends the
 * browser to the provider, which sends it back to GET /callback (Google) or POSTs a form to it
 * (Apple's `response_mode=form_post`); the callback answers with a redirect to the app. Manual
 * linking starts the same flow from GET /user/identities/authorize.
 *
 * Registered in a scope of their own so the form parser Apple needs applies to these routes only:
 * every other route keeps accepting JSON alone, which a cross-site form cannot send.
 */
export function providerSignInRoutes(parent: FastifyInstance, context: AuthContext): void {
  const clients = providerClients(context.oauth);
  void parent.register(async (app) => {
    acceptFormBodies(app);

    // The locations carry a session, a code or a state: nothing along the way may keep them.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/authorize', async (request, reply) =>
      reply.redirect(await authorizationUrl(context, clients, request), 302),
    );

    // supabase-js `linkIdentity`: a signed-in fetch with `skip_http_redirect=true` that wants the
    // provider URL as JSON; the flow then adds the identity to the caller at /callback.
    app.get('/user/identities/authorize', async (request, reply) => {
      const { record } = await firstPartyUser(context, request);
      requireManualLinking(context);
      const url = await authorizationUrl(context, clients, request, record.user.id);
      if (readQuery(request, linkQuery).skip_http_redirect === 'true') return { url };
      return reply.redirect(url, 302);
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/callback',
      handler: async (request, reply) =>
        reply.redirect(await callbackLocation(context, clients, request), 302),
    });
  });
}
