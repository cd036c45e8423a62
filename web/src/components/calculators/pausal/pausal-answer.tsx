import type { PausalComparisonResult } from '@partak/domain/calculators/types';
import { choiceOf } from '../regime-choice.ts';
import { Summary, type Fmt } from '../result-format.tsx';

/** Paušální daň or not: the cheapest regime and what each costs a year. */
export function PausalAnswer({ value, f }: { value: PausalComparisonResult; f: Fmt }) {
  const { say, czk } = f;
  const cheapest = value.cheapest;
  return (
    <>
      <Summary>
        {say(`pausal.summary.${cheapest.kind}`, {
          band: cheapest.kind === 'pausalni-dan' ? cheapest.band : '',
          percent: cheapest.kind === 'flat-rate-expenses' ? cheapest.percent : '',
          saving: czk(value.saving),
        })}
      </Summary>
      {value.notPossible && <p>{say(`pausal.notPossible.${value.notPossible}`)}</p>}
      <ul className="flex flex-col gap-1 text-sm">
        {value.regimes.map((regime) => (
          <li key={choiceOf(regime.regime)} className="flex justify-between gap-3">
            <span>{say(`option.${choiceOf(regime.regime)}`)}</span>
            <span className="tabular-nums">{czk(regime.total)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
