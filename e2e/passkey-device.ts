import type { Page } from '@playwright/test';
import { e2ePort } from './mail-capture.ts';

/** WebAuthn refuses IP addresses as relying-party ids: tests of passkeys use the server by name. */
export const PASSKEY_BASE_URL = `http://localhost:${e2ePort}`;

/**
 * Gives the page's browser a passkey device, as a phone or a laptop's fingerprint reader is:
 * Chromium's virtual authenticator, keeping discoverable credentials, verifying the user and
 * answering every request by itself.
 */
export async function addPasskeyDevice(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
