import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, OAuthError } from '../http/auth-error.ts';
import { findIdentity } from '../providers/identities-repository.ts';
import type { IdTokenVerifier } from '../providers/id-token.ts';
import { idTokenProvider } from '../providers/id-token-provider.ts';
import { linkIdentityToUser } from '../providers/link-identity.ts';
import { profileFrom } from '../providers/profile.ts';
import { accountFor } from '../providers/sign-in.ts';
import { startSession } from '../tokens/session-response.ts';
import type { UserRow } from '../users/serializers.ts';

/** GoTrue's IdTokenGrantParams; `null` counts as absent, as in Go. */
const body = z.object({
  id_token: z.string().nullish(),
  access_token: z.string().nullish(),
  nonce: z.string().nullish(),
  provider: z.string().nullish(),
  client_id: z.string().nullish(),
  issuer: z.string().nullish(),
  link_identity: z.boolean().nullish(),
});

const invalidRequest = (description: string) => new OAuthError('invalid request', description);

/**
 * With `link_identity`, the token's identity is added to the caller, who must be signed in
 * (GoTrue checks the header is there before it checks the token in it).
 */
async function linkingTarget(context: AuthContext, request: FastifyRequest): Promise<UserRow> {
  if (!request.headers.authorization)
    throw invalidRequest('Linking requires a valid user access token in Authorization');
  const { record } = await context.verifier.authenticate(request);
  return record.user;
}

/**
 * POST /token?grant_type=id_token (supabase-js `signInWithIdToken`, and `linkIdentity` with a
 * token): a native app signed in with Google or Apple itself and hands us the provider's ID
 * token. Once the token proves itself (id-token.ts), the user it names is signed in — found by the
 * identity, or by the provider-verified address, or made anew — exactly as after the redirect
 * flow; with `link_identity` the identity is added to the signed-in caller instead. Either way the
 * answer is a new session whose `amr` is `oauth`, as GoTrue's.
 */
export async function idTokenGrant(
  context: AuthContext,
  verify: IdTokenVerifier,
  request: FastifyRequest,
) {
  const parsed = body.safeParse(request.body);
  if (!parsed.success) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  const params = parsed.data;
  const idToken = params.id_token ?? '';
  const provider = params.provider ?? '';
  const issuer = params.issuer ?? '';
  if (!idToken) throw invalidRequest('id_token required');
  if (!provider && (!params.client_id || !issuer))
    throw invalidRequest('provider or client_id and issuer required');
  const target = params.link_identity ? await linkingTarget(context, request) : undefined;

  const chosen = idTokenProvider(context.oauth, { idToken, provider, issuer });
  const claims = await verify(
    chosen,
    { idToken, accessToken: params.access_token ?? '', nonce: params.nonce ?? '' },
    request.log,
  );
  const profile = profileFrom(chosen.name, claims);
  const audit = { action: 'login' as const, details: { provider: chosen.name } };
  if (target) {
    await linkIdentityToUser(context, request, target, chosen.name, profile);
    return startSession(context, request, target.id, 'oauth', { audit });
  }
  // No address and no account yet: nothing to find or make the account by (GoTrue's 422).
  if (!profile.email && !(await findIdentity(context.db, chosen.name, profile.sub))) {
    throw new AuthError(
      422,
      'provider_email_needs_verification',
      `Unverified email with ${chosen.name}. Verify the email with ${chosen.name} in order to sign in`,
    );
  }
  const record = await accountFor(context, request, chosen.name, profile);
  return startSession(context, request, record.user.id, 'oauth', { audit });
}
