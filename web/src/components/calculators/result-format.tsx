import type { ReactNode } from 'react';

export type Say = (key: string, values?: Record<string, unknown>) => string;

/** How a result speaks: its sentences, amounts and plain numbers in the reader's language. */
export interface Fmt {
  say: Say;
  czk: (amount: number) => string;
  num: (value: number) => string;
  language: string;
}

/** A result's first sentence, the answer itself. */
export function Summary({ children }: { children: ReactNode }) {
  return <p className="font-semibold text-slate-900">{children}</p>;
}
