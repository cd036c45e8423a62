/**
 * Every error code the server sends and the app translates, listed once. The server may only throw
 * these (its `HttpError` takes an `ErrorCode`), and `content/locales/<lang>/errors.json` has a
 * message for each, keyed by the code itself. See docs/decisions/008-error-model.md.
 */

/**
 * Supabase Auth's codes, spelled exactly as GoTrue spells them (in its errorcode.go), so that
 * supabase-js and every other Supabase client understand our answers.
 */
export const AUTH_ERROR_CODES = [
  'anonymous_provider_disabled',
  'bad_code_verifier',
  'bad_json',
  'bad_jwt',
  'bad_oauth_callback',
  'bad_oauth_state',
  'conflict',
  'email_address_invalid',
  'email_conflict_identity_not_deletable',
  'email_exists',
  'email_not_confirmed',
  'email_provider_disabled',
  'feature_disabled',
  'flow_state_expired',
  'flow_state_not_found',
  'identity_already_exists',
  'identity_not_found',
  'insufficient_aal',
  'invalid_credentials',
  'manual_linking_disabled',
  'mfa_challenge_expired',
  'mfa_factor_name_conflict',
  'mfa_factor_not_found',
  'mfa_ip_address_mismatch',
  'mfa_verification_failed',
  'mfa_verified_factor_exists',
  'no_authorization',
  'not_admin',
  'oauth_authorization_not_found',
  'oauth_client_not_found',
  'oauth_consent_not_found',
  'oauth_dynamic_client_registration_disabled',
  'otp_disabled',
  'otp_expired',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'over_sms_send_rate_limit',
  'passkey_disabled',
  'phone_not_confirmed',
  'phone_exists',
  'phone_provider_disabled',
  'provider_disabled',
  'provider_email_needs_verification',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'refresh_token_already_used',
  'refresh_token_not_found',
  'same_password',
  'saml_provider_disabled',
  'session_not_found',
  'signup_disabled',
  'single_identity_not_deletable',
  'sms_send_failed',
  'too_many_enrolled_mfa_factors',
  'too_many_passkeys',
  'user_already_exists',
  'user_banned',
  'user_not_found',
  'weak_password',
  'webauthn_challenge_expired',
  'webauthn_challenge_not_found',
  'webauthn_credential_exists',
  'webauthn_verification_failed',
  'web3_provider_disabled',
] as const;

/**
 * Codes of the whole server, `/auth/v1` included: the request itself was unusable, or the server
 * could not serve it. Where GoTrue has a code for the case, it is GoTrue's.
 */
export const SERVER_ERROR_CODES = [
  'validation_failed',
  'request_too_large',
  'unsupported_media_type',
  'not_found',
  /** The goal or conversation was deleted (on another device); it cannot be changed or made again. */
  'record_deleted',
  'database_unavailable',
  'unexpected_failure',
  /** The mentor's reply broke off after it had begun (the model's stream ended early). */
  'reply_interrupted',
  /** A push subscription at a push service the server does not send to. */
  'push_service_unknown',
  /** A reminder e-mail's unsubscribe link that is forged, or from before e-mail was chosen again. */
  'unsubscribe_link_invalid',
  /** An IČO whose check digit is wrong (or not eight digits). */
  'ico_invalid',
  /** ARES knows no subject under the IČO (its `NENALEZENO`). */
  'ico_not_found',
  /** ARES did not answer, or not in time, or not in a shape we read. */
  'registry_unavailable',
  /** Payments are not set up on this server (no Stripe keys): nothing is sold, nothing limited. */
  'billing_disabled',
  /** The payment provider did not answer, or not in time: nothing was bought or changed. */
  'billing_unavailable',
  /** The account already has a subscription that runs (trial, paid or awaiting a payment). */
  'already_subscribed',
  /** The account has no subscription to change or manage. */
  'no_subscription',
  /** The free plan's AI model replies for this month are used up (402). */
  'model_replies_used_up',
  /** The free plan keeps this many saved conversations in the account; this would be one more (402). */
  'saved_conversations_full',
  /**
   * The server could not finish: the last event of a reply cut short by its shutdown, and what
   * the browser calls a 5xx or an answer it cannot parse.
   */
  'unavailable',
] as const;

/**
 * Not sent by our server, but named the same way so one translation path covers them: failures
 * the browser sees itself, and the OAuth `error` a provider puts in the return URL.
 */
export const CLIENT_ERROR_CODES = [
  /** The request never reached the server. */
  'network',
  /** Google or Apple: consent refused at the provider. */
  'access_denied',
  /** A phone number the auth server refused (its `validation_failed`). */
  'invalid_phone',
  /** The browser or the authenticator did not make or give a passkey. */
  'passkey_failed',
  /**
   * The auth server could not send a mail (GoTrue answers `unexpected_failure` with "Error sending
   * … email"): worth its own message, since trying again in a moment usually works.
   */
  'email_send_failed',
] as const;

export const ERROR_CODES = [
  ...AUTH_ERROR_CODES,
  ...SERVER_ERROR_CODES,
  ...CLIENT_ERROR_CODES,
] as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
export type ServerErrorCode = AuthErrorCode | (typeof SERVER_ERROR_CODES)[number];
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The body of every error outside `/auth/v1` (which keeps GoTrue's shapes): the HTTP status again,
 * a stable code to act on and translate, a message for developers (never shown as is), and for
 * validation failures the fields at fault.
 */
export interface ApiErrorBody {
  code: number;
  error_code: ServerErrorCode;
  message: string;
  /** Where a request failed validation: the path of each bad field and what is wrong with it. */
  issues?: { path: string; message: string }[];
  /** On a 5xx: the id under which the server logged the failure. */
  request_id?: string;
}
