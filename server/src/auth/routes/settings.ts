import type { FastifyInstance } from 'fastify';
import type { AuthOptionsConfig } from '../../config/env.ts';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
] as const;

/** GET /settings: which sign-in methods this server offers (GoTrue's settings.go). */
export function settingsRoute(
  app: FastifyInstance,
  enabled: ReadonlySet<string>,
  options: AuthOptionsConfig,
): void {
  const on = new Set([...enabled, ...(options.anonymousSignIn ? ['anonymous_users'] : [])]);
  app.get('/settings', async () => ({
    external: Object.fromEntries(PROVIDERS.map((provider) => [provider, on.has(provider)])),
    disable_signup: options.disableSignup,
    mailer_autoconfirm: options.autoconfirm,
    phone_autoconfirm: options.autoconfirm,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: options.passkeyEnabled,
  }));
}
