import { CodeField, useCodeEntry } from '@/components/auth/code-field.tsx';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { linkButton } from './email-form.tsx';

interface EmailCodeStepProps {
  email: string;
  request: Pick<AuthRequest, 'pending' | 'failure' | 'fail'>;
  onCode: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/**
 * After a sign-in link was mailed: the link signs in by itself (in this browser or another), or
 * the 6-digit code from the same mail is typed here — handy when the mail is read on a phone.
 */
export function EmailCodeStep({ email, request, onCode, onResend, onBack }: EmailCodeStepProps) {
  const { t } = useTranslation('auth');
  const { code, setCode, submit } = useCodeEntry(request, onCode);
  return (
    <form noValidate onSubmit={submit} aria-busy={request.pending} className="flex flex-col gap-3">
      <p className="text-slate-700" role="status">
        {t('emailCode.sent', { email })}
      </p>
      <FormFailure message={request.failure} />
      <CodeField label={t('emailCode.code')} value={code} onChange={setCode} />
      <Button type="submit" disabled={request.pending}>
        {t('emailCode.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" disabled={request.pending} onClick={onBack} className={linkButton}>
          {t('emailCode.back')}
        </button>
        <button type="button" disabled={request.pending} onClick={onResend} className={linkButton}>
          {t('emailCode.resend')}
        </button>
      </div>
    </form>
  );
}
