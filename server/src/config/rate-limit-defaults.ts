/** How many requests one key may make per window (docs/auth-compatibility.md#rate-limits). */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** POST /token, per IP. */
  token: Limit;
  /**
   * Wrong passwords for one email address, from anywhere: past this many in the window, signing in
   * to it is refused until the window ends (password recovery still works).
   */
  signInFailures: Limit;
  /** GET and POST /verify, per IP. */
  verify: Limit;
  /** /signup, /recover, /otp, /resend and PUT /user together, per IP (anonymous sign-ins apart). */
  otp: Limit;
  /** Anonymous sign-ins (`POST /signup` without an address), per IP. */
  anonymous: Limit;
  /** MFA challenges and verifications, per IP. */
  mfa: Limit;
  /** Passkey sign-in challenges (POST /passkeys/authentication/options), per IP. */
  passkey: Limit;
  /** Every mail the server sends, all users together. */
  emailSent: Limit;
  /** Every text message with a sign-in code the server sends, all users together. */
  smsSent: Limit;
  /** OAuth dynamic client registrations (POST /oauth/clients/register), per IP. */
  oauthClientRegister: Limit;
  /** Mentor replies (POST /api/v1/chat), per signed-in user, else per IP. */
  chat: Limit;
  /** Everything under /api/v1 that reads or changes a user's data, per user. */
  data: Limit;
}

/** GoTrue's defaults; fixed windows rather than GoTrue's token buckets (simpler to share). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  token: { max: 150, windowSeconds: 300 },
  signInFailures: { max: 10, windowSeconds: 900 },
  verify: { max: 30, windowSeconds: 300 },
  otp: { max: 30, windowSeconds: 300 },
  anonymous: { max: 30, windowSeconds: 3600 },
  mfa: { max: 15, windowSeconds: 60 },
  passkey: { max: 30, windowSeconds: 300 },
  emailSent: { max: 30, windowSeconds: 3600 },
  smsSent: { max: 30, windowSeconds: 3600 },
  oauthClientRegister: { max: 10, windowSeconds: 300 },
  chat: { max: 40, windowSeconds: 600 },
  data: { max: 600, windowSeconds: 600 },
};
