import type { PutAsideResult } from '@partak/domain/calculators/types';
import { ResultRows, type Row } from '../result-rows.tsx';
import { Summary, type Fmt } from '../result-format.tsx';

/** What to put aside from an invoice: the sum, then tax, insurance and VAT. */
export function PutAsideAnswer({
  value,
  amount,
  f,
}: {
  value: PutAsideResult;
  amount: string;
  f: Fmt;
}) {
  const { say, czk, num } = f;
  if (value.coveredByPausal) {
    return (
      <>
        <Summary>{say('putAside.pausal')}</Summary>
        {value.vat > 0 && <ResultRows rows={[['vat', value.vat, true]]} />}
      </>
    );
  }
  return (
    <>
      <Summary>
        {say('putAside.summary', { amount, keep: czk(value.keep), share: num(value.share) })}
      </Summary>
      <ResultRows
        rows={[
          ['tax', value.tax],
          ['social', value.social],
          ['health', value.health],
          ...(value.vat > 0 ? ([['vat', value.vat]] as Row[]) : []),
          ['keep', value.keep, true],
        ]}
      />
      <p className="text-sm text-slate-600">{say('putAside.note')}</p>
    </>
  );
}
