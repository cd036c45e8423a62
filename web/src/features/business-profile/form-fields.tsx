import type { ReactNode } from 'react';
import { FIELD_CLASS } from '@/components/ui/field.ts';

/** The ids a field's hint and error are said by (for `aria-describedby`). */
export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** A field's label above it, its hint and its error (said when it appears) below. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  /** Each choice's value and words; "not said" comes first. */
  options: readonly { value: string; label: string }[];
  notSaid: string;
}

/** A choice of a list, "not said" first (every field of the profile is optional). */
export function SelectField(props: SelectFieldProps) {
  const { id, value, onChange, options } = props;
  return (
    <FieldFrame id={id} label={props.label} hint={props.hint}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, Boolean(props.hint), false)}
        className={FIELD_CLASS}
      >
        <option value="">{props.notSaid}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
