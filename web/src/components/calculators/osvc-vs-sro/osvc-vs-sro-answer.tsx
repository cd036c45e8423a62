import type { OsvcVsSroResult } from '@partak/domain/calculators/types';
import { ResultRows } from '../result-rows.tsx';
import { Summary, type Fmt } from '../result-format.tsx';

/** OSVČ or s. r. o.: both sides' costs, and that it is an estimate for a talk with an accountant. */
export function OsvcVsSroAnswer({
  value,
  profit,
  f,
}: {
  value: OsvcVsSroResult;
  profit: string;
  f: Fmt;
}) {
  const { say, czk } = f;
  return (
    <>
      <Summary>
        {say(`osvc.summary.${value.cheaper}`, { profit, difference: czk(value.difference) })}
      </Summary>
      <div className="grid gap-3 sm:grid-cols-2">
        <ResultRows
          caption={say('osvc.osvcTitle')}
          rows={[
            ['tax', value.osvc.tax],
            ['social', value.osvc.social],
            ['health', value.osvc.health],
            ['total', value.osvc.total, true],
            ['netIncome', value.osvc.netIncome],
          ]}
        />
        <ResultRows
          caption={say('osvc.sroTitle')}
          rows={[
            ['corporateTax', value.sro.corporateTax],
            ['dividendTax', value.sro.dividendTax],
            ['total', value.sro.total, true],
            ['netIncome', value.sro.netIncome],
          ]}
        />
      </div>
      <p className="text-sm text-slate-600">{say('osvc.estimate')}</p>
    </>
  );
}
