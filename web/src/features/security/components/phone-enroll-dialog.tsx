import { useId, useState, type FormEvent } from 'react';
import type { GoTrueClient } from '@supabase/auth-js';
import { AuthField } from '@/components/auth/auth-field.tsx';
import { CodeField, useCodeEntry } from '@/components/auth/code-field.tsx';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { dropUnfinished, recode } from '@/lib/auth/factors.ts';
import { useAuthRequest, type AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { atAal2 } from '../at-aal2.ts';
import { hasVerified, useEnrollment, type EnrollProps } from './enroll-shared.tsx';

interface Enrolled {
  id: string;
  phone: string;
  challengeId?: string;
}

/**
 * Adding a phone: its number (which also names it), then the code the server texts to it. The
 * server texts at most once a minute; asking sooner is refused with a reason.
 */
export function PhoneEnrollDialog({ factors, confirm, onClose, onAdded }: EnrollProps) {
  const { t } = useTranslation('auth');
  const request = useAuthRequest();
  const { enrolled, setEnrolled, verify, close } = useEnrollment<Enrolled>({
    request,
    onClose,
    onAdded,
  });

  const sendCode = async (client: GoTrueClient, factor: Enrolled) => {
    const { data, error } = await client.mfa.challenge({ factorId: factor.id, channel: 'sms' });
    if (error) throw error;
    setEnrolled({ ...factor, challengeId: data.id });
  };

  const start = (number: string) =>
    request.run(async (client) => {
      await dropUnfinished(client, number);
      const enroll = async () => {
        const params = { factorType: 'phone', phone: number, friendlyName: number } as const;
        const { data, error } = await client.mfa.enroll(params);
        // The number is all this request says, so a refused request is a refused number.
        if (error) recode(error, 'validation_failed', 'invalid_phone');
        return { id: data.id, phone: data.phone };
      };
      const factor = await atAal2(client, enroll, confirm, hasVerified(factors));
      if (!factor) return;
      setEnrolled(factor);
      await sendCode(client, factor);
    });

  const finish = (code: string) =>
    verify(t('security.addedPhone'), (client, factor) =>
      client.mfa.verify({ factorId: factor.id, challengeId: factor.challengeId ?? '', code }),
    );

  return (
    <Dialog open onClose={close} title={t('security.addPhone')}>
      {enrolled ? (
        <ConfirmPhone
          enrolled={enrolled}
          request={request}
          onSubmit={(code) => void finish(code)}
          onResend={() => void request.run((client) => sendCode(client, enrolled))}
        />
      ) : (
        <PhoneNumberForm request={request} onSubmit={(number) => void start(number)} />
      )}
    </Dialog>
  );
}

function PhoneNumberForm({
  request,
  onSubmit,
}: {
  request: AuthRequest;
  onSubmit: (number: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [number, setNumber] = useState('');
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(number.trim());
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={request.pending} className="flex flex-col gap-3">
      <p className="text-slate-700">{t('security.phoneIntro')}</p>
      <FormFailure message={request.failure} />
      <AuthField
        label={t('security.phone')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        aria-describedby={hintId}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
      />
      <p id={hintId} className="-mt-1 text-sm text-slate-600">
        {t('security.phoneHint')}
      </p>
      <Button type="submit" disabled={request.pending}>
        {t('mfa.sendCode')}
      </Button>
    </form>
  );
}

function ConfirmPhone({
  enrolled,
  request,
  onSubmit,
  onResend,
}: {
  enrolled: Enrolled;
  request: AuthRequest;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation('auth');
  const { code, setCode, submit } = useCodeEntry(request, onSubmit);

  return (
    <form noValidate onSubmit={submit} aria-busy={request.pending} className="flex flex-col gap-3">
      <FormFailure message={request.failure} />
      {enrolled.challengeId && (
        <>
          <p className="text-slate-700">{t('mfa.phoneSent', { phone: enrolled.phone })}</p>
          <CodeField label={t('mfa.smsCode')} value={code} onChange={setCode} />
          <Button type="submit" disabled={request.pending}>
            {t('security.confirm')}
          </Button>
        </>
      )}
      <Button
        variant={enrolled.challengeId ? 'ghost' : 'primary'}
        onClick={onResend}
        disabled={request.pending}
      >
        {t('mfa.resendCode')}
      </Button>
    </form>
  );
}
