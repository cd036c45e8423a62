import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { z } from 'zod/mini';
import { AuthError } from '../http/auth-error.ts';
import { field, readBody, requestInput } from '../http/request-input.ts';
import { audit } from '../http/audit.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import { createChallenge, ownFactor } from '../mfa/challenge.ts';
import { enrollFactor } from '../mfa/enroll.ts';
import { deleteFactor } from '../mfa/factors-repository.ts';
import { downgradeSessions, type FactorType } from '../mfa/session-upgrade.ts';
import { verifyFactor } from '../mfa/verify.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { firstPartyUser } from '../http/first-party.ts';

/**
 * Every /factors route needs a signed-in, non-anonymous user. Like GoTrue's
 * `requireNotAnonymous`, the token's own claim decides: one issued before the user added an
 * address still counts as anonymous.
 */
async function caller(context: AuthContext, request: FastifyRequest): Promise<Authenticated> {
  const authenticated = await firstPartyUser(context, request);
  if (authenticated.claims.is_anonymous)
    throw new AuthError(
      403,
      'no_authorization',
      'Anonymous user not allowed to perform these actions',
    );
  return authenticated;
}

const enrollParams = requestInput(
  'EnrollFactorParams',
  z.object({
    factor_type: field.string,
    friendly_name: field.string,
    issuer: field.string,
    phone: field.string,
  }),
);

const verifyParams = requestInput(
  'VerifyFactorParams',
  z.object({
    challenge_id: field.string,
    code: field.string,
    webauthn: z.optional(z.object({ credential_response: field.raw })),
  }),
);

const factorIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * Second factors: enroll, challenge, verify, unenroll, as GoTrue's
 * https://github.com/supabase/auth/blob/master/internal/api/mfa.go does them.
 */
export function factorRoutes(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.mfa, 'mfa');

  app.post('/factors', async (request) => {
    const who = await caller(context, request);
    const factor = await enrollFactor(context, who, readBody(request, enrollParams));
    await audit(context.db, request, who.record.user.id, 'factor_enrolled', { type: factor.type });
    return factor;
  });

  app.post('/factors/:id/challenge', { config }, async (request) => {
    const who = await caller(context, request);
    return createChallenge(context, request, who, ownFactor(who, factorIdOf(request)));
  });

  app.post('/factors/:id/verify', { config }, async (request) => {
    const who = await caller(context, request);
    const factor = ownFactor(who, factorIdOf(request));
    const input = readBody(request, verifyParams);
    const session = await verifyFactor(context, request, who, factor, input);
    await audit(context.db, request, who.record.user.id, 'mfa_verified', {
      type: factor.factorType,
    });
    return session;
  });

  app.delete('/factors/:id', async (request) => {
    const who = await caller(context, request);
    const factor = ownFactor(who, factorIdOf(request));
    if (factor.status === 'verified' && who.session.aal !== 'aal2')
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    await deleteFactor(context.db, factor.id);
    await downgradeSessions(context.db, factor.id, factor.factorType as FactorType);
    await audit(context.db, request, who.record.user.id, 'factor_unenrolled', {
      type: factor.factorType,
    });
    return { id: factor.id };
  });
}
