import { describe, expect, it } from 'vitest';
import {
  AuthApiError,
  AuthImplicitGrantRedirectError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/auth-js';
import czechErrors from '../../../content/locales/cs/errors.json';
import { i18n } from '@/i18n/i18n.ts';
import { ERROR_CODES } from '@partak/domain/error-codes';
import { ApiError } from './api-client.ts';
import { errorCodeOf, errorMessage } from './error-message.ts';

const message = (error: unknown) => errorMessage(error, i18n.getFixedT('cs', 'errors'));

describe('errorMessage', () => {
  it('translates the server’s error code', () => {
    const error = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
    expect(message(error)).toBe('Nesprávný e-mail nebo heslo.');
  });

  it('falls back to the server’s message for a code it does not know', () => {
    const error = new AuthApiError('Something new happened', 400, 'brand_new_code');
    expect(message(error)).toBe('Something new happened');
  });

  it('says there is no connection when the request never reached the server', () => {
    expect(message(new AuthRetryableFetchError('Failed to fetch', 0))).toMatch(
      /Nepodařilo se spojit se serverem/,
    );
  });

  it('calls a 5xx a temporary outage, never showing the raw server text', () => {
    expect(message(new AuthRetryableFetchError('Service temporarily unavailable', 503))).toMatch(
      /dočasně nedostupná/,
    );
  });

  it('says a mail could not be sent when the auth server’s mail server refused it', () => {
    for (const text of ['Error sending confirmation email', 'Error sending recovery email']) {
      const error = new AuthApiError(text, 500, 'unexpected_failure');
      expect(errorCodeOf(error)).toBe('email_send_failed');
      expect(message(error)).toBe(
        'E-mail se nám teď nepodařilo odeslat. Zkus to prosím za chvíli znovu.',
      );
    }
  });

  it('reads the error classes auth-js makes out of codes', () => {
    expect(errorCodeOf(new AuthSessionMissingError())).toBe('session_not_found');
    expect(errorCodeOf(new AuthWeakPasswordError('Too short', 422, ['length']))).toBe(
      'weak_password',
    );
    expect(message(new AuthUnknownError('Unexpected token <', undefined))).toBe(
      'Něco se pokazilo. Zkus to prosím znovu.',
    );
  });

  it('reads the code of an email link’s error and of a plain {code, message}', () => {
    const link = new AuthImplicitGrantRedirectError('Email link is invalid or has expired', {
      error: 'access_denied',
      code: 'otp_expired',
    });
    expect(message(link)).toMatch(/Odkaz nebo kód z e-mailu už neplatí/);
    expect(message({ code: 'provider_disabled', message: 'Unsupported provider' })).toMatch(
      /způsob přihlášení zatím není k dispozici/,
    );
  });

  it('translates the second-factor refusals', () => {
    const wrong = new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed');
    expect(message(wrong)).toBe(
      'Kód nesouhlasí nebo už byl použitý. Zkontroluj ho a zkus to znovu.',
    );
    const texted = new AuthApiError('Wait 42 seconds', 429, 'over_sms_send_rate_limit');
    expect(message(texted)).toMatch(/Počkej minutu/);
    expect(message(new AuthApiError('AAL2 required', 403, 'insufficient_aal'))).toMatch(
      /vyžaduje druhé ověření/,
    );
  });

  it('calls any refusal of the browser’s passkey prompt a failed passkey', () => {
    const cancelled = Object.assign(
      new Error('The operation either timed out or was not allowed.'),
      {
        name: 'NotAllowedError',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        __isWebAuthnError: true,
      },
    );
    expect(errorCodeOf(cancelled)).toBe('passkey_failed');
    expect(message(cancelled)).toMatch(/Přístupový klíč se nepodařilo použít/);
  });

  it('has a Czech text for every error code there is, and for nothing else', () => {
    const { title, ...messages } = czechErrors;
    expect(title).toBe('Chyba');
    expect(Object.keys(messages).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('reads our data API’s errors and a request that never reached the server', () => {
    expect(message(new ApiError(404, 'not_found', 'Not found'))).toMatch(/už neexistuje/);
    expect(message(new ApiError(0, 'network', 'Failed to fetch'))).toMatch(
      /Nepodařilo se spojit se serverem/,
    );
    // A bug is not a lost connection: the user is not told to check their network.
    expect(errorCodeOf(new TypeError('x is undefined'))).toBeUndefined();
  });
});
