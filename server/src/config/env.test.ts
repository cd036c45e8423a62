import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { ConfigError, ENV_VARIABLES, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: resolve('./data'),
      logLevel: 'info',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 8080, logLevel: 'info' });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      logLevel: 'warn',
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(2);
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('LOG_LEVEL="loud"');
  });

  it('reads the auth options: off unless set to true, and a key never echoed', () => {
    expect(loadConfig({}).auth).toEqual({
      serviceRoleKey: undefined,
      apiKeyRequired: true,
      autoconfirm: false,
      disableSignup: false,
      anonymousSignIn: false,
      securePasswordChange: false,
      passkeyEnabled: true,
      manualLinking: false,
      smsTestOtp: {},
      oauthServer: {
        enabled: false,
        allowDynamicRegistration: false,
        authorizationPath: '/povolit-pristup',
      },
    });
    expect(
      loadConfig({
        AUTH_OAUTH_SERVER_ENABLED: 'true',
        AUTH_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION: 'true',
        AUTH_OAUTH_SERVER_AUTHORIZATION_PATH: '/souhlas',
        RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER: '3',
      }),
    ).toMatchObject({
      auth: {
        oauthServer: {
          enabled: true,
          allowDynamicRegistration: true,
          authorizationPath: '/souhlas',
        },
      },
      rateLimits: { oauthClientRegister: { max: 3, windowSeconds: 300 } },
    });
    expect(() =>
      loadConfig({ AUTH_OAUTH_SERVER_AUTHORIZATION_PATH: 'https://evil.example/' }),
    ).toThrow(/AUTH_OAUTH_SERVER_AUTHORIZATION_PATH.*must be a path on the site/);
    expect(loadConfig({ AUTH_PASSKEY_ENABLED: 'false' }).auth.passkeyEnabled).toBe(false);
    expect(loadConfig({ AUTH_MANUAL_LINKING: 'true' }).auth.manualLinking).toBe(true);
    expect(
      loadConfig({
        AUTH_AUTOCONFIRM: 'TRUE',
        AUTH_ANONYMOUS_SIGN_IN: 'true',
        AUTH_DISABLE_SIGNUP: 'false',
      }).auth,
    ).toMatchObject({ autoconfirm: true, anonymousSignIn: true, disableSignup: false });
    expect(() => loadConfig({ AUTH_AUTOCONFIRM: 'yes' })).toThrow(
      /AUTH_AUTOCONFIRM.*true or false/,
    );
    expect(() => loadConfig({ AUTH_SERVICE_ROLE_KEY: 'short secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_SERVICE_ROLE_KEY: 'short secret' })).not.toThrow(/short secret/);
    const same = 'sb_secret_the-same-key-for-both-0123456789';
    expect(() => loadConfig({ AUTH_SERVICE_ROLE_KEY: same, AUTH_ANON_KEY: same })).toThrow(
      /AUTH_SERVICE_ROLE_KEY=\(hidden\): must differ from AUTH_ANON_KEY/,
    );
  });

  it('reads the SMS test numbers as GoTrue does (plus and spaces dropped), never echoing them', () => {
    expect(
      loadConfig({ AUTH_SMS_TEST_OTP: '1234567890=123456, +420 777 000 111=654321' }).auth
        .smsTestOtp,
    ).toEqual({ '1234567890': '123456', '420777000111': '654321' });
    expect(loadConfig({ RATE_LIMIT_SMS_SENT: '5' }).rateLimits.smsSent).toEqual({
      max: 5,
      windowSeconds: 3600,
    });
    for (const bad of ['5550001', '5550001=12345', '5550001=654321;1=2', 'abc=654321']) {
      expect(() => loadConfig({ AUTH_SMS_TEST_OTP: bad }), bad).toThrow(/AUTH_SMS_TEST_OTP/);
      expect(() => loadConfig({ AUTH_SMS_TEST_OTP: bad }), bad).not.toThrow(bad);
    }
  });

  it('reads the database settings, and never echoes a bad connection URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/partak' })).toMatchObject({
      databaseUrl: 'postgres://u:p@db:5432/partak',
      databasePoolMax: 10,
    });
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:secret@db', DATABASE_POOL_MAX: '0' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATABASE_URL=(hidden)');
    expect(message).toContain('DATABASE_POOL_MAX="0"');
    expect(message).not.toContain('secret');
  });

  it("reads the native apps' client ids of Google and Apple, each once", () => {
    const env = {
      GOOGLE_CLIENT_ID: 'web',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ADDITIONAL_CLIENT_IDS:
        'ios.apps.googleusercontent.com, android, ios.apps.googleusercontent.com',
      APPLE_CLIENT_ID: 'cz.partak.web',
      APPLE_CLIENT_SECRET: 'jwt',
      APPLE_ADDITIONAL_CLIENT_IDS: 'cz.partak.ios',
    };
    const { google, apple } = loadConfig(env).providers;
    expect(google?.additionalClientIds).toEqual(['ios.apps.googleusercontent.com', 'android']);
    expect(apple?.additionalClientIds).toEqual(['cz.partak.ios']);
    expect(
      loadConfig({ ...env, GOOGLE_ADDITIONAL_CLIENT_IDS: undefined }).providers.google,
    ).toMatchObject({ additionalClientIds: [] });
    expect(() => loadConfig({ GOOGLE_ADDITIONAL_CLIENT_IDS: 'a,,b' })).toThrow(
      /GOOGLE_ADDITIONAL_CLIENT_IDS.*comma-separated/,
    );
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses ports out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
  });

  it('reads the mentor: the library alone by default, a model when its URL is set', () => {
    expect(loadConfig({}).mentor).toEqual({ model: undefined });
    expect(loadConfig({}).rateLimits.chat).toEqual({ max: 40, windowSeconds: 600 });
    const configured = loadConfig({
      MENTOR_API_URL: 'http://127.0.0.1:11434/v1/',
      MENTOR_CONTEXT_TOKENS: '8000',
      RATE_LIMIT_CHAT: '5',
    });
    expect(configured.mentor).toMatchObject({
      model: { apiUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', contextTokens: 8000 },
    });
    expect(configured.rateLimits.chat.max).toBe(5);
  });

  it('reads the ARES address: the official one by default, without a trailing slash', () => {
    expect(loadConfig({}).aresBaseUrl).toBe('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest');
    expect(loadConfig({ ARES_BASE_URL: 'http://127.0.0.1:8090/rest/' }).aresBaseUrl).toBe(
      'http://127.0.0.1:8090/rest',
    );
    expect(() => loadConfig({ ARES_BASE_URL: 'ares.gov.cz' })).toThrow(
      'ARES_BASE_URL="ares.gov.cz": must be an http(s) URL',
    );
  });

  it('names a bad mentor setting and what it must be', () => {
    let message = '';
    try {
      loadConfig({
        MENTOR_API_URL: 'ftp://model',
        MENTOR_FIRST_TOKEN_TIMEOUT_MS: '5s',
        JWT_EXP: '10',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('MENTOR_API_URL=(hidden): must be an http(s) URL');
    expect(message).not.toContain('ftp://model');
    expect(message).toContain(
      'MENTOR_FIRST_TOKEN_TIMEOUT_MS="5s": must be a whole number between 100 and 300000',
    );
    expect(message).toContain(
      'JWT_EXP="10": must be a whole number of seconds between 300 and 86400',
    );
  });

  it('reads billing: off by default, Stripe only when key, webhook secret and Czech price are set', () => {
    expect(loadConfig({}).billing).toEqual({
      stripe: undefined,
      freeLimits: { modelReplies: 20, savedConversations: 20 },
    });
    const on = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_CZK: 'price_czk1',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      FREE_MODEL_REPLIES: '5',
    }).billing;
    expect(on).toEqual({
      stripe: {
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_abc',
        prices: { CZK: 'price_czk1', EUR: undefined, USD: undefined },
        apiUrl: 'http://127.0.0.1:12111',
      },
      freeLimits: { modelReplies: 5, savedConversations: 20 },
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be set too[\s\S]*STRIPE_PRICE_CZK: must be set too/,
    );
  });

  it('never echoes a bad Stripe key or signing secret', () => {
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_oops', STRIPE_WEBHOOK_SECRET: 'secret-oops' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY=(hidden): must be a Stripe secret key');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET=(hidden)');
    expect(message).not.toMatch(/oops/);
  });
});

describe("the README's configuration table", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1]);

  it('names every variable the server reads', () => {
    expect(ENV_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('names no server variable that does not exist', () => {
    // The table also lists the test and bench tools' own variables.
    const tools = ['CHROMIUM_PATH', 'E2E_PORT', 'BENCH_DURATION'];
    expect(
      documented.filter(
        (name) => !ENV_VARIABLES.includes(name ?? '') && !tools.includes(name ?? ''),
      ),
    ).toEqual([]);
  });
});
