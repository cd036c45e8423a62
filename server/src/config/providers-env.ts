import { z } from 'zod/mini';
import { httpUrl } from './env-fields.ts';

/** One OpenID Connect provider (Google, Apple), switched on by its client id and secret. */
export interface OAuthProviderConfig {
  clientId: string;
  /**
   * Google: the client secret. Apple: a client-secret JWT made beforehand — or none, and the
   * Sign in with Apple key instead (`appleKey`), from which the server makes its own.
   */
  clientSecret?: string;
  appleKey?: AppleKey;
  /** The issuer whose discovery document is read; overridable to test against a local provider. */
  issuerUrl: string;
  /**
   * Further audiences an ID token may name at `grant_type=id_token` (GoTrue takes a list of client
   * ids, and Apple's iOS bundle id): the native apps' own client ids at the same provider.
   */
  additionalClientIds: string[];
}

/** A Sign in with Apple key: team id, key id and the .p8 private key (PEM). */
export interface AppleKey {
  teamId: string;
  keyId: string;
  privateKey: string;
}

/** Second factors and sign-in providers (ADR 006): everything optional, all off by default. */
export interface ProvidersConfig {
  google: OAuthProviderConfig | undefined;
  apple: OAuthProviderConfig | undefined;
  /** Passkeys: the relying party (defaults: SITE_URL's host name and origin, "Parťák"). */
  webauthn: { rpId: string; rpOrigins: string[]; rpName: string };
  /** Where phone codes are POSTed as `{phone, message}`; unset: written to the server log. */
  smsWebhookUrl: string | undefined;
}

/** Comma-separated client ids, each once; none when unset. */
const clientIdList = z._default(
  z.pipe(
    z.string().check(z.regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, 'must be comma-separated client ids')),
    z.transform((value) => [...new Set(value.split(',').map((id) => id.trim()))]),
  ),
  [],
);

/** The environment variables behind ProvidersConfig, merged into the main schema in env.ts. */
export const providersEnvShape = {
  GOOGLE_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  GOOGLE_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  GOOGLE_ISSUER_URL: z._default(httpUrl, 'https://accounts.google.com'),
  GOOGLE_ADDITIONAL_CLIENT_IDS: clientIdList,
  APPLE_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  APPLE_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  APPLE_ISSUER_URL: z._default(httpUrl, 'https://appleid.apple.com'),
  APPLE_ADDITIONAL_CLIENT_IDS: clientIdList,
  APPLE_TEAM_ID: z.optional(z.string().check(z.minLength(1))),
  APPLE_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  APPLE_PRIVATE_KEY: z.optional(
    z.string().check(z.includes('PRIVATE KEY', { error: 'must be the PEM text of the .p8 key' })),
  ),
  WEBAUTHN_RP_ID: z.optional(
    z.string().check(z.regex(/^[a-z0-9.-]+$/i, 'must be a host name such as partak.cz')),
  ),
  WEBAUTHN_RP_ORIGINS: z.optional(
    z
      .string()
      .check(
        z.regex(/^https?:\/\/[^\s,]+(,https?:\/\/[^\s,]+)*$/, 'must be comma-separated origins'),
      ),
  ),
  WEBAUTHN_RP_NAME: z._default(z.string().check(z.minLength(1)), 'Parťák'),
  SMS_WEBHOOK_URL: z.optional(httpUrl),
};

/** Secrets among them: a bad value is named, never echoed. */
export const PROVIDER_SECRETS = [
  'GOOGLE_CLIENT_SECRET',
  'APPLE_CLIENT_SECRET',
  'APPLE_PRIVATE_KEY',
  'SMS_WEBHOOK_URL',
];

type ProvidersEnv = z.infer<z.ZodMiniObject<typeof providersEnvShape>>;

function provider(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuerUrl: string,
  additionalClientIds: string[],
): OAuthProviderConfig | undefined {
  return clientId && clientSecret
    ? { clientId, clientSecret, issuerUrl, additionalClientIds }
    : undefined;
}

/** Apple with a ready client secret, or with the key to make one (PEM newlines may be `\\n`). */
function appleProvider(env: ProvidersEnv): OAuthProviderConfig | undefined {
  const { APPLE_CLIENT_ID: clientId, APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId } = env;
  if (!clientId) return undefined;
  const additionalClientIds = env.APPLE_ADDITIONAL_CLIENT_IDS;
  if (env.APPLE_CLIENT_SECRET)
    return provider(clientId, env.APPLE_CLIENT_SECRET, env.APPLE_ISSUER_URL, additionalClientIds);
  if (!teamId || !keyId || !env.APPLE_PRIVATE_KEY) return undefined;
  const privateKey = env.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n');
  const appleKey = { teamId, keyId, privateKey };
  return { clientId, appleKey, issuerUrl: env.APPLE_ISSUER_URL, additionalClientIds };
}

export function providersConfig(env: ProvidersEnv, siteUrl: string): ProvidersConfig {
  const site = new URL(siteUrl);
  return {
    google: provider(
      env.GOOGLE_CLIENT_ID,
      env.GOOGLE_CLIENT_SECRET,
      env.GOOGLE_ISSUER_URL,
      env.GOOGLE_ADDITIONAL_CLIENT_IDS,
    ),
    apple: appleProvider(env),
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID ?? site.hostname,
      rpOrigins: env.WEBAUTHN_RP_ORIGINS?.split(',') ?? [site.origin],
      rpName: env.WEBAUTHN_RP_NAME,
    },
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
  };
}
