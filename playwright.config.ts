import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT || 4780);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'cs-CZ',
    trace: 'retain-on-failure',
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
    command: 'node server/src/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(import.meta.dirname, 'test-results', 'e2e-data'),
      LOG_LEVEL: 'warn',
    },
  },
});
