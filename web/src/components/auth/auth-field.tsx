import { useId, type InputHTMLAttributes, type Ref } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
};

/** A text input with its visible label, as the auth forms use it. */
export function AuthField({ label, ref, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        {...input}
        className="min-h-11 rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 focus:border-brand-700"
      />
    </div>
  );
}

export type ValueFieldProps = Omit<FieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/** An AuthField that hands its caller the text, not the event. */
export function ValueField({ onChange, ...field }: ValueFieldProps) {
  return <AuthField {...field} onChange={(event) => onChange(event.target.value)} />;
}

/** A password: required, and named for the browser's password manager by `autoComplete`. */
export function PasswordField(
  props: Pick<ValueFieldProps, 'label' | 'name' | 'autoComplete' | 'value' | 'onChange'>,
) {
  return <ValueField type="password" required {...props} />;
}
