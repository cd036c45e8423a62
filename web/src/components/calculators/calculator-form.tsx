import { useId } from 'react';
import type { Problem } from '@partak/domain/calculators/types';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { FieldSpec, Values } from './calculator-fields.ts';

/**
 * The calculator's fields. Every change recomputes at once (no submit); a field the calculator
 * refuses says why under itself and keeps what was typed.
 */
export function CalculatorForm({
  fields,
  values,
  problems,
  onChange,
}: {
  fields: readonly FieldSpec[];
  values: Values;
  problems: Record<string, Problem['code']>;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation('tools');
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const problem = problems[field.name];
        const label = t(`field.${field.name}` as never);
        const value = values[field.name] ?? '';
        if (field.kind === 'checkbox') {
          return (
            <label key={field.name} className="flex items-center gap-3 sm:col-span-2">
              <input
                type="checkbox"
                checked={value === 'true'}
                onChange={(event) => onChange(field.name, String(event.target.checked))}
                className="size-5 accent-brand-700"
              />
              <span className="text-slate-800">{label}</span>
            </label>
          );
        }
        return (
          <div key={field.name} className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
              {label}
            </label>
            {field.kind === 'select' ? (
              <select
                id={fieldId}
                value={value}
                onChange={(event) => onChange(field.name, event.target.value)}
                className={FIELD_CLASS}
              >
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {t(`option.${option}` as never)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fieldId}
                value={value}
                inputMode={field.kind === 'money' ? 'numeric' : 'decimal'}
                autoComplete="off"
                onChange={(event) => onChange(field.name, event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${fieldId}-problem` : undefined}
                className={FIELD_CLASS}
              />
            )}
            {problem && (
              <p id={`${fieldId}-problem`} className="text-sm text-red-700">
                {t(`problem.${problem}`)}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
