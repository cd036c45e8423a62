import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../src/config/env.ts';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limit-defaults.ts';
import { confirmedUser, CURRENT, passwordGrant, type WireSession } from './auth-helpers.ts';
import type { TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';
import type { SoftwareAuthenticator } from './software-authenticator.ts';
import {
  type CreationOptionsJson,
  type RequestOptionsJson,
  type Tweaks,
} from './software-authenticator.ts';

/** The page the test browser is on: the default relying party (SITE_URL's) accepts it. */
export const ORIGIN = 'http://localhost:8080';
export const PASSWORD = 'dobre-heslo-123';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface PasskeyTestApp {
  readonly t: TestApp;
  readonly apikey: string;
  /** A confirmed user signed in with their password (made first unless `create` is false). */
  signIn(email: string, create?: boolean): Promise<WireSession>;
  /** A request to /auth/v1, as the signed-in user when a session is given. */
  call(
    method: Method,
    url: string,
    options?: { session?: WireSession; payload?: unknown; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /** Registration options → the authenticator → verify; returns the verify response. */
  register(
    session: WireSession,
    authenticator: SoftwareAuthenticator,
    tweaks?: Tweaks,
  ): Promise<LightMyRequestResponse>;
  /** Sign-in options → the authenticator → verify; returns the verify response. */
  passkeySignIn(
    authenticator: SoftwareAuthenticator,
    tweaks?: Tweaks,
    ip?: string,
  ): Promise<LightMyRequestResponse>;
}

/** Rate limits no test here reaches unless it means to. */
const ROOMY = { max: 10_000, windowSeconds: 300 };

/** One app per test file on the given database, with helpers for the passkey ceremonies. */
export function usePasskeyApp(
  open: () => Promise<TestDatabase>,
  overrides: Partial<Config> = {},
): PasskeyTestApp {
  let current: { t: TestApp; apikey: string; database: TestDatabase } | undefined;
  beforeAll(async () => {
    const database = await open();
    const t = await buildTestApp(
      {
        rateLimits: { ...DEFAULT_RATE_LIMITS, token: ROOMY, passkey: ROOMY, mfa: ROOMY },
        ...overrides,
      },
      database.database,
    );
    current = { t, apikey: await apiKeyOf(t), database };
  });
  afterAll(async () => {
    await current?.t.close();
    await current?.database.drop();
  });
  const now = () => {
    if (!current) throw new Error('The test app is built in beforeAll; use it inside a test.');
    return current;
  };

  const call: PasskeyTestApp['call'] = async (method, url, options = {}) =>
    now().t.app.inject({
      method,
      url: `/auth/v1${url}`,
      headers: {
        apikey: now().apikey,
        ...CURRENT,
        ...(options.session ? { authorization: `Bearer ${options.session.access_token}` } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      remoteAddress: options.ip ?? '127.0.0.1',
    });

  return {
    get t() {
      return now().t;
    },
    get apikey() {
      return now().apikey;
    },
    call,
    async signIn(email, create = true) {
      if (create) await confirmedUser(now().t, email, PASSWORD);
      const res = await passwordGrant(now().t, now().apikey, { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      return res.json<WireSession>();
    },
    async register(session, authenticator, tweaks) {
      const options = await call('POST', '/passkeys/registration/options', { session });
      expect(options.statusCode).toBe(200);
      const { challenge_id, options: publicKey } = options.json<{
        challenge_id: string;
        options: CreationOptionsJson;
      }>();
      const credential = authenticator.create(publicKey, tweaks);
      return call('POST', '/passkeys/registration/verify', {
        session,
        payload: { challenge_id, credential },
      });
    },
    async passkeySignIn(authenticator, tweaks, ip) {
      const options = await call('POST', '/passkeys/authentication/options', { payload: {}, ip });
      expect(options.statusCode).toBe(200);
      const { challenge_id, options: publicKey } = options.json<{
        challenge_id: string;
        options: RequestOptionsJson;
      }>();
      const credential = authenticator.get(publicKey, tweaks);
      return call('POST', '/passkeys/authentication/verify', {
        payload: { challenge_id, credential },
        ip,
      });
    },
  };
}
