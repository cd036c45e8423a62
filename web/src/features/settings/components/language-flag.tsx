import type { ReactNode } from 'react';
import type { Language } from '@partak/domain/languages';

/** Small flags drawn as SVG: emoji flags do not render on every system (Windows shows letters). */
const FLAGS: Record<Language, ReactNode> = {
  cs: (
    <>
      <rect width="30" height="10" fill="#fff" />
      <rect y="10" width="30" height="10" fill="#d7141a" />
      <path d="M0 0l15 10L0 20z" fill="#11457e" />
    </>
  ),
  en: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
  de: (
    <>
      <rect width="30" height="7" fill="#000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
};

export function LanguageFlag({ language }: { language: Language }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      className="h-5 w-7.5 shrink-0 overflow-hidden rounded-sm ring-1 ring-slate-200"
    >
      {FLAGS[language]}
    </svg>
  );
}
