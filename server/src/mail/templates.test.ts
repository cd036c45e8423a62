import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { renderMail } from './templates.ts';

const LINK =
  'https://partak.example/auth/v1/verify?token=abc&type=signup&redirect_to=https%3A%2F%2Fpartak.example%2F';

describe('mail templates', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    for (const kind of ['confirmation', 'recovery', 'magiclink', 'email_change'] as const) {
      it(`${kind} in ${language} has a subject and carries the link and the code in both parts`, () => {
        const mail = renderMail(kind, language, 'jana@example.cz', LINK, {
          from: 'jana@example.cz',
          to: 'jana.nova@example.cz',
          code: '042137',
        });
        expect(mail.subject.trim()).not.toBe('');
        expect(mail.text).toContain(LINK);
        expect(mail.html).toContain(LINK.replaceAll('&', '&#38;'));
        // On a line of its own after a label, so it can be read (and copied) at a glance.
        expect(mail.text).toMatch(/: 042137\n/);
        expect(mail.html).toContain('>042137</p>');
        expect(mail.text).not.toContain('{{');
        expect(mail.html).not.toContain('{{');
      });
    }
  }

  for (const language of SUPPORTED_LANGUAGES) {
    it(`reauthentication in ${language} carries the code in both parts, and no link`, () => {
      const mail = renderMail('reauthentication', language, 'jana@example.cz', '', {
        code: '042917',
      });
      expect(mail.subject.trim()).not.toBe('');
      expect(mail.code).toBe('042917');
      expect(mail.text).toContain('042917');
      expect(mail.html).toContain('042917');
      expect(`${mail.text}${mail.html}`).not.toMatch(/\{\{|https?:/);
    });
    it(`invite in ${language} carries the link and the 6-digit code in both parts`, () => {
      const mail = renderMail('invite', language, 'jana@example.cz', LINK, { code: '042917' });
      expect(mail.subject.trim()).not.toBe('');
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(LINK.replaceAll('&', '&#38;'));
      expect(mail.text).toContain('042917');
      expect(mail.html).toContain('042917');
      expect(`${mail.text}${mail.html}`).not.toContain('{{');
    });
  }
  it('speaks Czech first, to a friend', () => {
    const mail = renderMail('magiclink', 'cs', 'jana@example.cz', LINK, { code: '042137' });
    expect(mail.subject).toBe('Tvůj odkaz pro přihlášení do Parťáka');
    expect(mail.text).toContain('Nebo zadej tento kód: 042137');
    expect(mail.code).toBe('042137');
  });

  it('escapes the link in the HTML part', () => {
    const mail = renderMail('confirmation', 'cs', 'a@b.cz', 'https://x.example/?a="><script>');
    expect(mail.html).not.toContain('"><script>');
  });
});
