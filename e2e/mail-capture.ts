import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The port of the server the browser tests run against. */
export const e2ePort = Number(process.env.E2E_PORT || 4780);

/** Where the browser tests' SMTP capture listens and keeps mail (see global-setup.ts). */
export const mailCapture = {
  port: e2ePort + 1,
  directory: join(tmpdir(), `partak-e2e-mail-${e2ePort}`),
  url: `smtp://127.0.0.1:${e2ePort + 1}`,
};

/**
 * The admin API key of the test server (AUTH_SERVICE_ROLE_KEY). Fixed, not random: the config
 * and every worker must agree on it. Not a secret — it only opens a throwaway server on loopback.
 */
export const E2E_SERVICE_ROLE_KEY = 'sb_secret_e2e-throwaway-server-only';
