import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { passkeysSupported, recode, type SecondFactor } from '@/lib/auth/factors.ts';
import type { AuthRequest } from '@/lib/auth/use-auth-request.ts';
import { CodeField, typedCode } from './code-field.tsx';

interface AnswerProps {
  factor: SecondFactor;
  /** The step's one request at a time: its failures show in the step and as a toast. */
  request: AuthRequest;
  onVerified: () => void;
}

/** How the chosen factor is answered. */
export function FactorAnswer(props: AnswerProps) {
  switch (props.factor.type) {
    case 'totp':
      return <TotpAnswer {...props} />;
    case 'phone':
      return <PhoneAnswer {...props} />;
    case 'webauthn':
      return <PasskeyAnswer {...props} />;
  }
}

/** A six-digit code from the authenticator app: challenge and verify in one go. */
function TotpAnswer({ factor, request, onVerified }: AnswerProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typedCode(code)) return request.fail(t('mfa.codeRequired'));
    void request.run(async (client) => {
      const factorId = factor.id;
      const { error } = await client.mfa.challengeAndVerify({ factorId, code: typedCode(code) });
      if (error) throw error;
      onVerified();
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-slate-700">{t('mfa.totpHint')}</p>
      <CodeField label={t('mfa.code')} value={code} onChange={setCode} />
      <Button type="submit" disabled={request.pending}>
        {t('mfa.verify')}
      </Button>
    </form>
  );
}

/** A texted code: sent on request (at most once a minute), then typed in. */
function PhoneAnswer({ factor, request, onVerified }: AnswerProps) {
  const { t } = useTranslation('auth');
  const [challengeId, setChallengeId] = useState<string>();
  const [code, setCode] = useState('');

  const send = () =>
    void request.run(async (client) => {
      const { data, error } = await client.mfa.challenge({ factorId: factor.id, channel: 'sms' });
      if (error) throw error;
      setChallengeId(data.id);
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typedCode(code) || !challengeId) return request.fail(t('mfa.codeRequired'));
    void request.run(async (client) => {
      const answer = { factorId: factor.id, challengeId, code: typedCode(code) };
      const { error } = await client.mfa.verify(answer);
      if (error) throw error;
      onVerified();
    });
  };

  if (!challengeId) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-slate-700">{t('mfa.phoneHint', { phone: factor.phone })}</p>
        <Button onClick={send} disabled={request.pending} autoFocus>
          {t('mfa.sendCode')}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-slate-700">{t('mfa.phoneSent', { phone: factor.phone })}</p>
      <CodeField label={t('mfa.smsCode')} value={code} onChange={setCode} />
      <Button type="submit" disabled={request.pending}>
        {t('mfa.verify')}
      </Button>
      <Button variant="ghost" onClick={send} disabled={request.pending}>
        {t('mfa.resendCode')}
      </Button>
    </form>
  );
}

/** The passkey: the browser asks the authenticator (fingerprint, face, screen lock). */
function PasskeyAnswer({ factor, request, onVerified }: AnswerProps) {
  const { t } = useTranslation('auth');
  if (!passkeysSupported()) return <p className="text-slate-700">{t('mfa.passkeyUnsupported')}</p>;

  const authenticate = () =>
    void request.run(async (client) => {
      const { error } = await client.mfa.webauthn.authenticate({ factorId: factor.id });
      // The server's "WebAuthn verification failed" means the same to the user as a refusal.
      if (error) recode(error, 'mfa_verification_failed', 'passkey_failed');
      onVerified();
    });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{t('mfa.passkeyHint')}</p>
      <Button onClick={authenticate} disabled={request.pending} autoFocus>
        {t('mfa.usePasskey')}
      </Button>
    </div>
  );
}
