import { e2ePort } from './mail-capture.ts';

/**
 * The OpenID provider the browser tests sign in at, standing in for Google and Apple (started in
 * global-setup.ts, see server/test/oidc-peer.ts); the server gets these as its provider settings.
 */
export const oauthPeer = {
  port: e2ePort + 2,
  issuer: `http://127.0.0.1:${e2ePort + 2}`,
  google: { clientId: 'partak-e2e-google', clientSecret: 'e2e-google-secret' },
  apple: { clientId: 'partak-e2e-apple', clientSecret: 'e2e-apple-secret' },
};

/** GOOGLE_* and APPLE_* for the server under test. */
export const oauthPeerEnv = {
  GOOGLE_CLIENT_ID: oauthPeer.google.clientId,
  GOOGLE_CLIENT_SECRET: oauthPeer.google.clientSecret,
  GOOGLE_ISSUER_URL: oauthPeer.issuer,
  APPLE_CLIENT_ID: oauthPeer.apple.clientId,
  APPLE_CLIENT_SECRET: oauthPeer.apple.clientSecret,
  APPLE_ISSUER_URL: oauthPeer.issuer,
};
