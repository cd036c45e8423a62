import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_SERVICE_ROLE_KEY, e2ePort, mailCapture } from './e2e/mail-capture.ts';
import { oauthPeerEnv } from './e2e/oauth-peer.ts';
import { smsCapture } from './e2e/sms-capture.ts';
import { NODE_FLAGS } from './server/src/node-flags.ts';

const port = e2ePort;
export const baseURL = `http://127.0.0.1:${port}`;

// The server's data for this run: a fresh embedded database each time. Only the main process
// clears it; workers load this file too, while the server is running.
const dataDir = join(tmpdir(), `partak-e2e-${port}`);
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers and the server share two cores here: a page's scripts can take several seconds
  // to start (5 s seen), so what a page shows is waited for up to 10 s rather than the default 5.
  expect: { timeout: 10_000 },
  // For the same reason a test has 60 s, not 30: whole journeys (sign-up with its mail, sign-in
  // with a second factor) take 20 s on a quiet machine and half as long again on a loaded one.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'cs-CZ',
    trace: 'retain-on-failure',
    // The service worker (offline.spec.ts allows it) would answer requests that tests route,
    // watch or stop the server for; every other test sees the app as the network serves it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser (see scripts/ensure-chromium.ts).
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The real server on the real build, as `npm start` runs it (the build comes first in npm test).
    command: ['node', ...NODE_FLAGS, 'server/src/main.ts'].join(' '),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_URL: baseURL,
      SMTP_URL: mailCapture.url,
      // Google and Apple sign-in, both at the local OpenID provider of global-setup.ts.
      ...oauthPeerEnv,
      // Texted codes go to the capture of global-setup.ts. Passkeys need a host name (WebAuthn
      // refuses IP addresses), so mfa.spec.ts runs its passkey test at localhost, same server.
      SMS_WEBHOOK_URL: smsCapture.url,
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_RP_ORIGINS: `http://localhost:${port}`,
      // Both workers share one IP; mfa.spec.ts alone makes about 16 MFA calls in a minute.
      RATE_LIMIT_MFA: '100',
      // Every spec that signs in makes an account first: more than the default 30 sign-ups and
      // codes per IP in 5 minutes when the whole suite runs…
      RATE_LIMIT_OTP: '200',
      // …and each of those accounts is confirmed by a mail: past the default 30 mails an hour.
      RATE_LIMIT_EMAIL_SENT: '300',
      // No test may reach the real ARES register: a lookup here fails fast as unavailable (the
      // profile's own spec runs a server of its own against the local ARES peer).
      ARES_BASE_URL: 'http://127.0.0.1:9/ares',
      // The admin API's key, so a test can invite a user the way an operator does.
      AUTH_SERVICE_ROLE_KEY: E2E_SERVICE_ROLE_KEY,
      // "Sign in with Parťák" for other apps (connected-apps.spec.ts), registered by the operator.
      AUTH_OAUTH_SERVER_ENABLED: 'true',
    },
  },
});
