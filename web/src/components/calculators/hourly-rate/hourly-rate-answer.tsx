import type { HourlyRateResult } from '@partak/domain/calculators/types';
import { ResultRows, type Row } from '../result-rows.tsx';
import { Summary, type Fmt } from '../result-format.tsx';

/** The hourly rate's answer: the rate and the day's rate, then what a year brings and costs. */
export function HourlyRateAnswer({ value, f }: { value: HourlyRateResult; f: Fmt }) {
  const { say, czk } = f;
  const pausal = value.cost.tax + value.cost.social + value.cost.health === 0;
  const rows: Row[] = [
    ['billableHours', value.billableHoursPerYear],
    ['revenue', value.yearlyRevenue],
    ['costs', value.yearlyCosts],
    ...(pausal
      ? ([['pausal', value.cost.total]] as Row[])
      : ([
          ['tax', value.cost.tax],
          ['social', value.cost.social],
          ['health', value.cost.health],
        ] as Row[])),
    ['netMonthly', value.netMonthly, true],
  ];
  return (
    <>
      <Summary>
        {say('hourly.summary', {
          net: czk(value.netMonthly),
          hourly: czk(value.hourly),
          daily: czk(value.daily),
        })}
      </Summary>
      {value.bandRaisedTo && <p>{say('hourly.bandRaised', { band: value.bandRaisedTo })}</p>}
      {value.pausalNotPossible && <p>{say('hourly.pausalNotPossible')}</p>}
      <ResultRows rows={rows} />
    </>
  );
}
