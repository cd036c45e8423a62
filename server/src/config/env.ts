import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod/mini';
import { httpUrl, onOff, testOtpsOf, trustProxyOf, wholeNumber } from './env-fields.ts';
import type { AuthOptionsConfig } from './auth-options-config.ts';

export type { AuthOptionsConfig, OAuthServerOptions } from './auth-options-config.ts';
import type { RateLimits } from './rate-limit-defaults.ts';
import { rateLimitEnvShape, rateLimitsConfig } from './rate-limit-env.ts';
import {
  PROVIDER_SECRETS,
  providersConfig,
  providersEnvShape,
  type ProvidersConfig,
} from './providers-env.ts';
import { MENTOR_SECRETS, mentorConfig, mentorEnvShape, type MentorConfig } from './mentor-env.ts';
import {
  BILLING_SECRETS,
  billingConfig,
  billingEnvShape,
  type BillingConfig,
} from './billing-env.ts';

/** The server's whole configuration, parsed once at start (see README, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: LogLevel;
  /** A PostgreSQL server; when absent, the embedded PGlite under `dataDir` is used. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** The public API key clients send as `apikey`; generated and stored when not set. */
  authAnonKey: string | undefined;
  /** Access-token lifetime in seconds. */
  jwtExpSeconds: number;
  /** Where users reach the app; redirects and the tokens' issuer derive from it. */
  siteUrl: string;
  /** Seconds in which a rotated refresh token, used again, gets the current one back. */
  refreshReuseSeconds: number;
  passwordMinLength: number;
  /**
   * Which proxies in front of the server to believe about the client (its address for the rate
   * limits, and whether it came over https): none by default.
   */
  trustProxy: boolean | string[];
  /** An SMTP server for outgoing mail (`smtp://` or `smtps://`); without it mail is logged. */
  smtpUrl: string | undefined;
  /** The sender of every mail. */
  mailFrom: string;
  /** Requests per window (token, verify, signup/recover/user, MFA, chat) and mails per hour. */
  rateLimits: RateLimits;
  /** Google / Apple sign-in, passkeys and the SMS sender (see providers-env.ts). */
  providers: ProvidersConfig;
  /** The mentor: the model endpoint, if any (see mentor-env.ts). */
  mentor: MentorConfig;
  /** Selling the subscription, and the free plan's limits (see billing-env.ts). */
  billing: BillingConfig;
  /**
   * Push services the server may send reminders to (host names; a subdomain of one counts). A
   * subscription names a URL the server will POST to, so only these are accepted: any other would
   * let a user make the server call an address of their choosing.
   */
  pushServiceHosts: string[];
  /** Folder of the built web app (`web/dist` unless WEB_ROOT says otherwise). */
  webRoot: string;
  /** The public ARES REST API that fills a business profile from its IČO. */
  aresBaseUrl: string;
  /**
   * Sign-up and account options operators expect from Supabase Auth
   * (docs/auth-compatibility.md).
   */
  auth: AuthOptionsConfig;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The push services of Chrome and Edge on Android and desktop, Firefox, Safari and Windows. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const envSchema = z.object({
  PORT: wholeNumber(1, 65535, 8080),
  HOST: z._default(z.string().check(z.minLength(1)), 'localhost'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  LOG_LEVEL: z._default(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
    'info',
  ),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL'),
      ),
  ),
  DATABASE_POOL_MAX: wholeNumber(1, 100, 10),
  AUTH_ANON_KEY: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[\w.-]{20,}$/,
          'must be at least 20 letters, digits, dots, dashes or underscores',
        ),
      ),
  ),
  JWT_EXP: wholeNumber(300, 86400, 3600, 'seconds'),
  SITE_URL: z.optional(httpUrl),
  ARES_BASE_URL: z._default(httpUrl, 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'),
  REFRESH_TOKEN_REUSE_INTERVAL: wholeNumber(0, 60, 10, 'seconds'),
  PASSWORD_MIN_LENGTH: wholeNumber(6, 72, 8),
  TRUST_PROXY: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(true|false|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/,
          'must be true, false, or a comma-separated list of proxy addresses (CIDR allowed)',
        ),
      ),
  ),
  SMTP_URL: z.optional(
    z.string().check(z.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')),
  ),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Parťák <no-reply@localhost>'),
  PUSH_SERVICE_HOSTS: z._default(z.string(), DEFAULT_PUSH_SERVICE_HOSTS.join(',')),
  WEB_ROOT: z._default(z.string().check(z.minLength(1)), DEFAULT_WEB_ROOT),
  AUTH_SERVICE_ROLE_KEY: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[\w.-]{20,}$/,
          'must be at least 20 letters, digits, dots, dashes or underscores',
        ),
      ),
  ),
  AUTH_API_KEY_REQUIRED: onOff(true),
  AUTH_AUTOCONFIRM: onOff(false),
  AUTH_DISABLE_SIGNUP: onOff(false),
  AUTH_ANONYMOUS_SIGN_IN: onOff(false),
  AUTH_SECURE_PASSWORD_CHANGE: onOff(false),
  AUTH_PASSKEY_ENABLED: onOff(true),
  AUTH_MANUAL_LINKING: onOff(false),
  AUTH_OAUTH_SERVER_ENABLED: onOff(false),
  AUTH_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION: onOff(false),
  AUTH_OAUTH_SERVER_AUTHORIZATION_PATH: z._default(
    z.string().check(z.regex(/^\/[\w\-./~%]*$/, 'must be a path on the site, starting with /')),
    '/povolit-pristup',
  ),
  AUTH_SMS_TEST_OTP: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^\s*\+?[\d ]+=\d{6}\s*(,\s*\+?[\d ]+=\d{6}\s*)*$/,
          'must be phone=code pairs separated by commas, each code six digits (1234567890=123456)',
        ),
      ),
  ),
  ...rateLimitEnvShape,
  ...providersEnvShape,
  ...mentorEnvShape,
  ...billingEnvShape,
});

/** Every variable the server reads (the README's configuration table lists each one). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Connection URLs may carry a password: a bad one is named, never echoed. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SERVICE_ROLE_KEY',
  'AUTH_SMS_TEST_OTP',
  ...PROVIDER_SECRETS,
  ...MENTOR_SECRETS,
  ...BILLING_SECRETS,
]);

export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads the configuration from environment variables. An empty variable counts as unset. Every bad
 * variable is reported at once, so a failed start names all of them.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<Config> = {},
): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(present[name]);
      return `${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const data = parsed.data;
  // The anon key is handed to every browser: were it the service-role key, anyone would be admin.
  if (data.AUTH_SERVICE_ROLE_KEY && data.AUTH_SERVICE_ROLE_KEY === data.AUTH_ANON_KEY) {
    throw new ConfigError([
      'AUTH_SERVICE_ROLE_KEY=(hidden): must differ from AUTH_ANON_KEY, which every browser gets',
    ]);
  }
  const billing = billingConfig(data);
  if (billing.problems.length > 0) throw new ConfigError(billing.problems);
  const {
    PORT,
    HOST,
    DATA_DIR,
    LOG_LEVEL,
    DATABASE_URL,
    DATABASE_POOL_MAX,
    AUTH_ANON_KEY,
    JWT_EXP,
  } = data;
  const siteUrl = (data.SITE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '');
  return {
    port: PORT,
    host: HOST,
    dataDir: resolve(DATA_DIR),
    logLevel: LOG_LEVEL,
    databaseUrl: DATABASE_URL,
    databasePoolMax: DATABASE_POOL_MAX,
    authAnonKey: AUTH_ANON_KEY,
    jwtExpSeconds: JWT_EXP,
    siteUrl,
    refreshReuseSeconds: data.REFRESH_TOKEN_REUSE_INTERVAL,
    passwordMinLength: data.PASSWORD_MIN_LENGTH,
    trustProxy: trustProxyOf(data.TRUST_PROXY),
    smtpUrl: data.SMTP_URL,
    mailFrom: data.MAIL_FROM,
    rateLimits: rateLimitsConfig(data),
    providers: providersConfig(data, siteUrl),
    mentor: mentorConfig(data),
    billing: billing.config,
    pushServiceHosts: data.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    webRoot: data.WEB_ROOT,
    aresBaseUrl: data.ARES_BASE_URL.replace(/\/+$/, ''),
    auth: {
      serviceRoleKey: data.AUTH_SERVICE_ROLE_KEY,
      apiKeyRequired: data.AUTH_API_KEY_REQUIRED,
      autoconfirm: data.AUTH_AUTOCONFIRM,
      disableSignup: data.AUTH_DISABLE_SIGNUP,
      anonymousSignIn: data.AUTH_ANONYMOUS_SIGN_IN,
      securePasswordChange: data.AUTH_SECURE_PASSWORD_CHANGE,
      passkeyEnabled: data.AUTH_PASSKEY_ENABLED,
      manualLinking: data.AUTH_MANUAL_LINKING,
      smsTestOtp: testOtpsOf(data.AUTH_SMS_TEST_OTP),
      oauthServer: {
        enabled: data.AUTH_OAUTH_SERVER_ENABLED,
        allowDynamicRegistration: data.AUTH_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION,
        authorizationPath: data.AUTH_OAUTH_SERVER_AUTHORIZATION_PATH,
      },
    },
    ...overrides,
  };
}
