import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { RateLimits } from '../config/rate-limit-defaults.ts';
import type { OAuthProviderConfig } from '../config/providers-env.ts';
import type { AuthOptionsConfig } from '../config/env.ts';
import { settingOnce } from '../db/instance-settings.ts';
import type { AccessVerifier } from './tokens/access-verifier.ts';
import type { Sleep } from './policies/sign-in-delay.ts';
import { activeSigningKey, KEY_CACHE_MS, type SigningKey } from './tokens/signing-keys.ts';

/** Everything the auth routes share: the database, token settings and the keys. */
export interface AuthContext {
  db: Db;
  /** `iss` of our access tokens: `<SITE_URL>/auth/v1`. */
  issuer: string;
  tokenLifetimeSeconds: number;
  /** A rotated refresh token used again within this many seconds gets the current one back. */
  refreshReuseSeconds: number;
  /** Derives each rotated refresh token from its parent (see sessions-repository.ts). */
  refreshSecret: string;
  siteUrl: string;
  mailer: Mailer;
  passwordMinLength: number;
  /** How long an email link works. */
  otpLifetimeSeconds: number;
  /** Least time between two mails of one kind to one user. */
  emailFrequencySeconds: number;
  rateLimits: RateLimits;
  /** Second factors: the passkey relying party and where phone codes go. */
  mfa: MfaSettings;
  /** Google and Apple sign-in: each undefined while not configured. */
  oauth: { google: OAuthProviderConfig | undefined; apple: OAuthProviderConfig | undefined };
  /** Checks access tokens; the same instance serves the data API (app.ts). */
  verifier: AccessVerifier;
  /** How a slowed sign-in waits (sign-in-delay.ts): a timer, or a test's own. */
  sleep: Sleep;
  /** Autoconfirm, disabled sign-up, anonymous users, secure password change (env.ts). */
  options: AuthOptionsConfig;
  signingKey(): Promise<SigningKey>;
}

export interface MfaSettings {
  webauthn: { rpId: string; rpOrigins: string[]; rpName: string };
  sms: SmsSender;
}

export type AuthSettings = Pick<
  AuthContext,
  | 'issuer'
  | 'tokenLifetimeSeconds'
  | 'refreshReuseSeconds'
  | 'siteUrl'
  | 'mailer'
  | 'passwordMinLength'
  | 'otpLifetimeSeconds'
  | 'emailFrequencySeconds'
  | 'rateLimits'
  | 'mfa'
  | 'oauth'
  | 'verifier'
  | 'sleep'
  | 'options'
>;

/**
 * Builds the context. The signing key lives in the database (shared by every instance); each
 * instance keeps it for a minute.
 */
export async function createAuthContext(db: Db, settings: AuthSettings): Promise<AuthContext> {
  const refreshSecret = await settingOnce(db, 'refresh_token_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  let signing: { key: SigningKey; at: number } | undefined;
  return {
    db,
    ...settings,
    refreshSecret,
    async signingKey() {
      if (!signing || Date.now() - signing.at > KEY_CACHE_MS) {
        signing = { key: await activeSigningKey(db), at: Date.now() };
      }
      return signing.key;
    },
  };
}
