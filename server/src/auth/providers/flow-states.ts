import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowStates } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/secure-random.ts';
import type { PkceChallenge } from '../tokens/pkce.ts';
import { isKnownProvider, type OAuthProviderName } from './providers.ts';

/** A provider sign-in must come back within this many seconds of /authorize. */
export const OAUTH_FLOW_LIFETIME_SECONDS = 300;

/** Waiting for the provider's answer; once claimed by /callback, it is an `oauth` sign-in. */
const STARTED = 'oauth/started';
const CLAIMED = 'oauth';

/** Expired flows are kept this long (a late answer is told "expired", not "unknown"), then swept. */
const SWEEP_AFTER_MS = 3600_000;

/** What a flow keeps for the provider leg, in `provider_data`. */
export interface OAuthFlowData {
  /** Where the app wants the browser back (already checked against SITE_URL). */
  redirectTo: string;
  /** Our own PKCE verifier towards the provider (the app's challenge is a separate one). */
  verifier: string;
  /** Expected in the provider's ID token: it binds that token to this very flow. */
  nonce: string;
  /** Manual linking: the signed-in user the identity is added to (instead of a sign-in). */
  linkUserId?: string;
}

export interface OAuthFlow {
  /** Also the OAuth `state` sent to the provider. */
  id: string;
  provider: OAuthProviderName;
  /** True when the app started a PKCE flow: it then gets `?code=`, not a session. */
  pkce: boolean;
  data: OAuthFlowData;
  expiresAt: Date;
}

/**
 * Records a provider sign-in and returns its id, which is sent as the OAuth `state`: a random
 * UUID (122 bits) known only to the browser and the provider, usable once and for five minutes.
 * The verifier and nonce stay here, on the server; they never reach the browser. Long-expired
 * provider flows (abandoned sign-ins, codes never redeemed) are swept on the way.
 */
export async function startOAuthFlow(
  db: Db,
  input: { provider: OAuthProviderName; pkce: PkceChallenge | undefined; data: OAuthFlowData },
): Promise<string> {
  await db
    .delete(flowStates)
    .where(
      and(
        inArray(flowStates.authenticationMethod, [STARTED, CLAIMED]),
        lt(flowStates.expiresAt, new Date(Date.now() - SWEEP_AFTER_MS)),
      ),
    );
  const [flow] = await db
    .insert(flowStates)
    .values({
      // An implicit flow has no challenge of the app's; it can never be redeemed for a code.
      codeChallenge: input.pkce?.challenge ?? '',
      codeChallengeMethod: input.pkce?.method ?? '',
      providerType: input.provider,
      authenticationMethod: STARTED,
      providerData: input.data,
      expiresAt: new Date(Date.now() + OAUTH_FLOW_LIFETIME_SECONDS * 1000),
    })
    .returning({ id: flowStates.id });
  if (!flow) throw new Error('flow state insert returned nothing');
  return flow.id;
}

/**
 * The provider came back with `state`: the waiting flow is claimed in one statement, so a state
 * works once even when the same answer arrives twice at once. Undefined for an unknown, malformed
 * or already used state. The caller checks `expiresAt`.
 */
export async function claimOAuthFlow(db: Db, state: string): Promise<OAuthFlow | undefined> {
  if (!isUuid(state)) return undefined;
  const [row] = await db
    .update(flowStates)
    .set({ authenticationMethod: CLAIMED, updatedAt: new Date() })
    .where(and(eq(flowStates.id, state), eq(flowStates.authenticationMethod, STARTED)))
    .returning();
  if (!row || !isKnownProvider(row.providerType)) return undefined;
  const data = row.providerData as Partial<OAuthFlowData>;
  if (!data.redirectTo || !data.verifier || !data.nonce) return undefined;
  const { redirectTo, verifier, nonce, linkUserId } = data;
  return {
    id: row.id,
    provider: row.providerType,
    pkce: row.codeChallenge !== '',
    data: { redirectTo, verifier, nonce, ...(isUuid(linkUserId) ? { linkUserId } : {}) },
    expiresAt: row.expiresAt,
  };
}

/** A flow that ended here (an implicit sign-in, or a failure): nothing is left to redeem. */
export async function discardFlow(db: Db, id: string): Promise<void> {
  await db.delete(flowStates).where(eq(flowStates.id, id));
}
