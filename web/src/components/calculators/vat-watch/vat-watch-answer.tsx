import type { VatWatchResult } from '@partak/domain/calculators/types';
import { formatDate } from '@/lib/format.ts';
import { ResultRows } from '../result-rows.tsx';
import { Summary, type Fmt } from '../result-format.tsx';

/** The DPH watch: how near the threshold the turnover is, and the registration's deadline. */
export function VatWatchAnswer({ value, f }: { value: VatWatchResult; f: Fmt }) {
  const { say, czk, num, language } = f;
  return (
    <>
      <Summary>
        {say(`vat.${value.status}`, {
          turnover: czk(value.turnover),
          percent: num(value.percent),
          threshold: czk(value.threshold),
          immediate: czk(value.immediateThreshold),
          headroom: czk(value.headroom),
          date: value.registrationDue ? formatDate(value.registrationDue, language) : '',
        })}
      </Summary>
      <ResultRows
        rows={[
          ['turnover', value.turnover],
          ['threshold', value.threshold],
          ['headroom', value.headroom, true],
        ]}
      />
    </>
  );
}
