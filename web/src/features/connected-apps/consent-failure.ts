import { errorCodeOf } from '@/lib/error-message.ts';

/**
 * What the auth server's refusal of an authorization means to the user. GoTrue answers an unknown,
 * expired or someone else's authorization with 404 `oauth_authorization_not_found`, one already
 * approved or denied with 400 `validation_failed` (handlers in internal/api/oauthserver), and every
 * `/oauth` route with 404 `feature_disabled` while its OAuth server is off. Anything else (no
 * network, an expired session) is told the app's usual way (lib/error-message.ts).
 */
export function consentProblem(error: unknown): 'expired' | 'disabled' | undefined {
  const code = errorCodeOf(error);
  if (code === 'oauth_authorization_not_found' || code === 'validation_failed') return 'expired';
  if (code === 'feature_disabled') return 'disabled';
  return undefined;
}
