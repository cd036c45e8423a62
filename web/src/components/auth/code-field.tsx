import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { ValueField, type ValueFieldProps } from './auth-field.tsx';

/** A one-time code: digits on a phone keyboard, filled in from a text message where it can be. */
export function CodeField(props: Pick<ValueFieldProps, 'label' | 'value' | 'onChange'>) {
  return (
    <ValueField
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      required
      autoFocus
      {...props}
    />
  );
}

/** A typed code without the spaces people copy along ("123 456"). */
export const typedCode = (code: string) => code.replace(/\s+/g, '');

/**
 * A code form's state: what was typed, and a submit that refuses an empty code with its reason
 * and otherwise hands on the code without spaces.
 */
export function useCodeEntry(request: Pick<AuthRequest, 'fail'>, onCode: (code: string) => void) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedCode(code);
    if (!typed) request.fail(t('mfa.codeRequired'));
    else onCode(typed);
  };
  return { code, setCode, submit };
}
