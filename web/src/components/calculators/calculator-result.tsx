import type {
  CalculatorId,
  HourlyRateResult,
  OsvcVsSroResult,
  PausalComparisonResult,
  PutAsideResult,
  VatWatchResult,
} from '@partak/domain/calculators/types';
import { formatDate, localeOf } from '@/lib/format.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatCzk } from './format-czk.ts';
import { choiceOf } from './regime-choice.ts';
import { ResultRows, type Row } from './result-rows.tsx';

type Say = (key: string, values?: Record<string, unknown>) => string;

/** How a result speaks: its sentences, amounts and plain numbers in the reader's language. */
interface Fmt {
  say: Say;
  czk: (amount: number) => string;
  num: (value: number) => string;
  language: string;
}

function Summary({ children }: { children: string }) {
  return <p className="font-semibold text-slate-900">{children}</p>;
}

function Hourly({ value, f }: { value: HourlyRateResult; f: Fmt }) {
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

function Pausal({ value, f }: { value: PausalComparisonResult; f: Fmt }) {
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

function PutAside({ value, amount, f }: { value: PutAsideResult; amount: string; f: Fmt }) {
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

function Vat({ value, f }: { value: VatWatchResult; f: Fmt }) {
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

function Osvc({ value, profit, f }: { value: OsvcVsSroResult; profit: string; f: Fmt }) {
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

/** A calculator's answer: one or two sentences, then the breakdown. */
export function CalculatorResult({
  id,
  value,
  inputs,
}: {
  id: CalculatorId;
  value: unknown;
  /** The amounts the summary repeats, formatted (the invoice, the profit). */
  inputs: { amount?: number; profit?: number };
}) {
  const { t, language } = useTranslation('tools');
  const say: Say = (key, values) => String(t(key as never, values as never));
  const czk = (amount: number) => formatCzk(amount, language);
  const num = (value: number) => new Intl.NumberFormat(localeOf(language)).format(value);
  const f: Fmt = { say, czk, num, language };
  switch (id) {
    case 'hourly-rate':
      return <Hourly value={value as HourlyRateResult} f={f} />;
    case 'pausal':
      return <Pausal value={value as PausalComparisonResult} f={f} />;
    case 'put-aside':
      return <PutAside value={value as PutAsideResult} amount={czk(inputs.amount ?? 0)} f={f} />;
    case 'vat-watch':
      return <Vat value={value as VatWatchResult} f={f} />;
    case 'osvc-vs-sro':
      return <Osvc value={value as OsvcVsSroResult} profit={czk(inputs.profit ?? 0)} f={f} />;
  }
}
