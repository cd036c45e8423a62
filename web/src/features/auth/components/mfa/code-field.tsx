import { AuthField } from '../auth-field.tsx';

/** A one-time code: digits on a phone keyboard, filled in from a text message where it can be. */
export function CodeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <AuthField
      label={label}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
