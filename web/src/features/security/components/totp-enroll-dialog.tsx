import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@partak/domain/product';
import { CodeField, useCodeEntry } from '@/components/auth/code-field.tsx';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { dropUnfinished, groupSecret, qrCodeImage, uniqueName } from '@/lib/auth/factors.ts';
import { useAuthRequest, type AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { atAal2 } from '../at-aal2.ts';
import { hasVerified, NameField, useEnrollment, type EnrollProps } from './enroll-shared.tsx';

interface Enrolled {
  id: string;
  qrCode: string;
  secret: string;
}

/**
 * Adding an authenticator app: a name, then the QR code (and the secret, for typing in by hand),
 * then the app's first code, which verifies the factor.
 */
export function TotpEnrollDialog({ factors, confirm, onClose, onAdded }: EnrollProps) {
  const { t } = useTranslation('auth');
  const request = useAuthRequest();
  const [name, setName] = useState(() => uniqueName(t('factor.totp'), factors));
  const { enrolled, setEnrolled, verify, close } = useEnrollment<Enrolled>({
    request,
    onClose,
    onAdded,
  });

  const start = (event: FormEvent) => {
    event.preventDefault();
    void request.run(async (client) => {
      const friendlyName = name.trim();
      await dropUnfinished(client, friendlyName);
      const enroll = async () => {
        const params = { factorType: 'totp', friendlyName, issuer: PRODUCT_NAME } as const;
        const { data, error } = await client.mfa.enroll(params);
        if (error) throw error;
        return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
      };
      const factor = await atAal2(client, enroll, confirm, hasVerified(factors));
      if (factor) setEnrolled(factor);
    });
  };

  const finish = (code: string) =>
    verify(t('security.addedTotp'), (client, factor) =>
      client.mfa.challengeAndVerify({ factorId: factor.id, code }),
    );

  return (
    <Dialog open onClose={close} title={t('security.addTotp')}>
      {enrolled ? (
        <ConfirmTotp enrolled={enrolled} request={request} onSubmit={(code) => void finish(code)} />
      ) : (
        <form
          noValidate
          onSubmit={start}
          aria-busy={request.pending}
          className="flex flex-col gap-3"
        >
          <p className="text-slate-700">{t('security.totpIntro')}</p>
          <FormFailure message={request.failure} />
          <NameField label={t('security.name')} value={name} onChange={setName} />
          <Button type="submit" disabled={request.pending}>
            {t('security.continue')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/** The QR code and the secret, and the first code from the app. */
function ConfirmTotp({
  enrolled,
  request,
  onSubmit,
}: {
  enrolled: Enrolled;
  request: AuthRequest;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { code, setCode, submit } = useCodeEntry(request, onSubmit);

  return (
    <form noValidate onSubmit={submit} aria-busy={request.pending} className="flex flex-col gap-3">
      <FormFailure message={request.failure} />
      <p className="text-slate-700">{t('security.totpScan')}</p>
      <img
        src={qrCodeImage(enrolled.qrCode)}
        alt={t('security.qrAlt')}
        width={192}
        height={192}
        className="size-48 self-center rounded-2xl bg-white p-2 ring-1 ring-slate-200"
      />
      <p className="text-sm text-slate-700">{t('security.secret')}</p>
      <code className="self-center rounded-xl bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900 select-all">
        {groupSecret(enrolled.secret)}
      </code>
      <CodeField label={t('mfa.code')} value={code} onChange={setCode} />
      <Button type="submit" disabled={request.pending}>
        {t('security.confirm')}
      </Button>
    </form>
  );
}
