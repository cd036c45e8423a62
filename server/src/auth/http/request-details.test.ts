import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { requestLanguage, safeRedirect } from './request-details.ts';

const withLanguage = (header: string) =>
  ({ headers: { 'accept-language': header } }) as unknown as FastifyRequest;

describe('requestLanguage', () => {
  it('takes the most preferred supported language', () => {
    expect(requestLanguage(withLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7'))).toBe('de');
    expect(requestLanguage(withLanguage('en;q=0.5, es;q=0.9'))).toBe('es');
    expect(requestLanguage(withLanguage(''))).toBe('cs');
  });
});

describe('safeRedirect', () => {
  const site = 'https://partak.example';
  it('keeps addresses on our site and resolves paths against it', () => {
    expect(safeRedirect('https://partak.example/profil', site)).toBe(
      'https://partak.example/profil',
    );
    expect(safeRedirect('/profil?x=1', site)).toBe('https://partak.example/profil?x=1');
  });

  it('falls back to the site for anything else', () => {
    expect(safeRedirect('https://evil.example/', site)).toBe('https://partak.example/');
    expect(safeRedirect('//evil.example/x', site)).toBe('https://partak.example/');
    expect(safeRedirect('javascript:alert(1)', site)).toBe('https://partak.example/');
    expect(safeRedirect(undefined, site)).toBe('https://partak.example/');
  });

  it('ignores the port on localhost, as Supabase does', () => {
    expect(safeRedirect('http://localhost:5173/', 'http://localhost:8080')).toBe(
      'http://localhost:5173/',
    );
  });
});
