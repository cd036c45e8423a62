/** The auth server's switches (the AUTH_* variables), read in env.ts. */
export interface AuthOptionsConfig {
  /** The service-role key of the admin API; generated and stored when not set. */
  serviceRoleKey: string | undefined;
  /** Every /auth/v1 request must carry the anon or service-role key as `apikey` (the gateway's check). */
  apiKeyRequired: boolean;
  /** Sign-up confirms the address at once and returns a session; no mail is sent. */
  autoconfirm: boolean;
  /** New accounts cannot be made (by sign-up, e-mail codes or a provider); the admin API still can. */
  disableSignup: boolean;
  /** `POST /signup` without e-mail or phone makes an anonymous user. */
  anonymousSignIn: boolean;
  /** A password change needs the code `/reauthenticate` sends, unless the session is fresh. */
  securePasswordChange: boolean;
  /** Passkey sign-in (`/passkeys/*`); off, every passkey route answers 404 `passkey_disabled`. */
  passkeyEnabled: boolean;
  /** Signed-in users may link and unlink identities themselves (`/user/identities`). */
  manualLinking: boolean;
  /**
   * Test phone numbers (E.164 digits, no plus) and the fixed code each signs in with: no text
   * message is sent to them (GoTrue's GOTRUE_SMS_TEST_OTP).
   */
  smsTestOtp: Readonly<Record<string, string>>;
  /** The OAuth 2.1 authorization server ("Sign in with Parťák", auth/oauth-server/). */
  oauthServer: OAuthServerOptions;
}

export interface OAuthServerOptions {
  /** Off, every OAuth server route answers 404 `feature_disabled` (GoTrue's default). */
  enabled: boolean;
  /** `POST /oauth/clients/register` (RFC 7591) for anyone, not only the admin API. */
  allowDynamicRegistration: boolean;
  /** The app's consent page (a path on the site) that /oauth/authorize sends the browser to. */
  authorizationPath: string;
}
