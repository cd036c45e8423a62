import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { newPhoneCode, normalizePhone, phoneCodeMessage } from './phone.ts';

/** Characters outside GSM 03.38 (Czech diacritics among them) make a text UCS-2: 70 a message. */
const ONE_UNICODE_SMS = 70;

describe('phone codes', () => {
  it.each(SUPPORTED_LANGUAGES)('in %s fit in one text message, code included', (language) => {
    const message = phoneCodeMessage(language, newPhoneCode());
    expect(message).toMatch(/\d{6}/);
    expect([...message].length).toBeLessThanOrEqual(ONE_UNICODE_SMS);
  });

  it('are six digits from the CSPRNG, and phone numbers are read as E.164', () => {
    expect(newPhoneCode()).toMatch(/^\d{6}$/);
    expect(normalizePhone('+420 777 123 456')).toBe('+420777123456');
    expect(normalizePhone('777 123 456')).toBeUndefined();
  });
});
