import type {
  CalculatorId,
  HourlyRateResult,
  OsvcVsSroResult,
  PausalComparisonResult,
  PutAsideResult,
  VatWatchResult,
} from '@partak/domain/calculators/types';
import { localeOf } from '@/lib/format.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatCzk } from './format-czk.ts';
import { HourlyRateAnswer } from './hourly-rate/hourly-rate-answer.tsx';
import { OsvcVsSroAnswer } from './osvc-vs-sro/osvc-vs-sro-answer.tsx';
import { PausalAnswer } from './pausal/pausal-answer.tsx';
import { PutAsideAnswer } from './put-aside/put-aside-answer.tsx';
import { type Fmt, type Say } from './result-format.tsx';
import { VatWatchAnswer } from './vat-watch/vat-watch-answer.tsx';

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
      return <HourlyRateAnswer value={value as HourlyRateResult} f={f} />;
    case 'pausal':
      return <PausalAnswer value={value as PausalComparisonResult} f={f} />;
    case 'put-aside':
      return (
        <PutAsideAnswer value={value as PutAsideResult} amount={czk(inputs.amount ?? 0)} f={f} />
      );
    case 'vat-watch':
      return <VatWatchAnswer value={value as VatWatchResult} f={f} />;
    case 'osvc-vs-sro':
      return (
        <OsvcVsSroAnswer value={value as OsvcVsSroResult} profit={czk(inputs.profit ?? 0)} f={f} />
      );
  }
}
