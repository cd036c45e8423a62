import { useState } from 'react';
import type { CalculatorId } from '@partak/domain/calculators/types';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { useTranslation } from '@/i18n/use-translation.ts';
import { FIELDS, initialValues, parseAmount, type Values } from './calculator-fields.ts';
import { CalculatorForm } from './calculator-form.tsx';
import { CalculatorResult } from './calculator-result.tsx';
import { FigureSources } from './figure-sources.tsx';
import { useCalculation } from './use-calculation.ts';

/**
 * One calculator: its fields (from the defaults, the profile, and what a chat card carried) and
 * its answer, recomputed on every change. While a field is wrong, the last good answer stays,
 * dimmed, so the numbers never jump to nothing mid-typing.
 */
export function CalculatorCard({
  id,
  profile,
  input,
  compact = false,
}: {
  id: CalculatorId;
  profile: BusinessProfile;
  input?: Record<string, unknown>;
  /** In a chat message: no list of sources (the full screen has them). */
  compact?: boolean;
}) {
  const { t } = useTranslation('tools');
  const [values, setValues] = useState<Values>(() => initialValues(id, profile, input));
  const calculation = useCalculation(id, values);
  const [lastGood, setLastGood] = useState<{ value: unknown; values: Values }>();
  const { result } = calculation;
  if (result.ok && lastGood?.value !== result.value) setLastGood({ value: result.value, values });
  const shown = result.ok ? { value: result.value, values } : lastGood;
  const unsupported = !result.ok && 'yearUnsupported' in result;

  return (
    <div className="flex flex-col gap-4">
      <CalculatorForm
        fields={FIELDS[id]}
        values={values}
        problems={calculation.problems}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
      <section
        aria-live="polite"
        aria-label={t('card.label', { title: t(`calculators.${id}.title`) })}
        className={`flex flex-col gap-2 rounded-2xl bg-brand-50 p-4 text-slate-800 ${result.ok ? '' : 'opacity-60'}`}
      >
        {unsupported ? (
          <p>{t('yearUnsupported', { year: calculation.year })}</p>
        ) : shown ? (
          <>
            <CalculatorResult
              id={id}
              value={shown.value}
              inputs={{
                amount: parseAmount(shown.values.invoiceAmount ?? ''),
                profit: parseAmount(shown.values.yearlyProfit ?? ''),
              }}
            />
            {!result.ok && <p className="text-sm">{t('stale')}</p>}
            <p className="text-sm text-slate-600">
              {t(calculation.current ? 'year' : 'yearOld', { year: calculation.year })}
            </p>
            {!compact && <FigureSources figures={calculation.figures} year={calculation.year} />}
          </>
        ) : null}
      </section>
    </div>
  );
}
