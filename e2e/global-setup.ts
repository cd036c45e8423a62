import { rm } from 'node:fs/promises';
import { startOidcPeer } from '../server/test/oidc-peer.ts';
import { startSmtpCapture } from '../server/test/smtp-capture.ts';
import { e2ePort, mailCapture } from './mail-capture.ts';
import { oauthPeer } from './oauth-peer.ts';
import { startSmsCapture } from './sms-capture.ts';

/**
 * The real peers of the browser tests: an SMTP server (the app's server sends its mail there
 * through nodemailer, and the tests read each mail from the folder it is written to, mailbox.ts),
 * an OpenID provider that Google and Apple sign-in go to (oauth.spec.ts), and an SMS gateway that
 * keeps the texted second-factor codes (sms-capture.ts, mfa.spec.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { port: smtpPort, directory } = mailCapture;
  await rm(directory, { recursive: true, force: true });
  const capture = await startSmtpCapture({ port: smtpPort, directory });
  const redirectUris = [`http://127.0.0.1:${e2ePort}/auth/v1/callback`];
  const peer = await startOidcPeer({
    port: oauthPeer.port,
    clients: [
      { ...oauthPeer.google, redirectUris, kind: 'google', auth: 'client_secret_post' },
      { ...oauthPeer.apple, redirectUris, kind: 'apple', auth: 'client_secret_post' },
    ],
  });
  const sms = await startSmsCapture();
  return async () => {
    await sms.close();
    await peer.close();
    await capture.close();
    await rm(directory, { recursive: true, force: true });
  };
}
