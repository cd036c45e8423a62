import { describe, expect, it } from 'vitest';
import { isLanguage, pickLanguage, toSupportedLanguage } from './languages.ts';

describe('toSupportedLanguage', () => {
  it('accepts supported languages with or without a region', () => {
    expect(toSupportedLanguage('cs')).toBe('cs');
    expect(toSupportedLanguage('en-US')).toBe('en');
    expect(toSupportedLanguage('DE_at')).toBe('de');
    expect(toSupportedLanguage('es-419')).toBe('es');
  });

  it('refuses unsupported languages', () => {
    expect(toSupportedLanguage('fr')).toBeUndefined();
    expect(toSupportedLanguage('')).toBeUndefined();
    expect(toSupportedLanguage(undefined)).toBeUndefined();
    expect(toSupportedLanguage(42)).toBeUndefined();
  });

  it('ignores values that look like script injection', () => {
    expect(toSupportedLanguage('<script>alert(1)</script>')).toBeUndefined();
    expect(toSupportedLanguage('en"><img src=x onerror=alert(1)>')).toBeUndefined();
    expect(toSupportedLanguage('cs" onmouseover="x()')).toBeUndefined();
    expect(toSupportedLanguage('javascript:alert(1)')).toBeUndefined();
  });
});

describe('isLanguage', () => {
  it('is true only for the four exact codes', () => {
    expect(['cs', 'en', 'de', 'es'].every(isLanguage)).toBe(true);
    expect(isLanguage('en-US')).toBe(false);
  });
});

describe('pickLanguage', () => {
  it('takes the first usable candidate in order', () => {
    expect(pickLanguage(['de', 'en-US', 'cs'])).toBe('de');
    expect(pickLanguage([null, 'fr-FR', 'es-MX', 'cs'])).toBe('es');
  });

  it('skips an injection-looking stored value and falls through to the browser language', () => {
    expect(pickLanguage(['<script>alert(1)</script>', 'en-GB', 'cs'])).toBe('en');
  });

  it('falls back to Czech', () => {
    expect(pickLanguage([])).toBe('cs');
    expect(pickLanguage(['fr', 'it', undefined])).toBe('cs');
  });
});
