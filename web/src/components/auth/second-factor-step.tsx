import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadFactors, type SecondFactor } from '@/lib/auth/factors.ts';
import { useAuthQuery } from '@/lib/auth/use-auth-query.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { useSignOut } from '@/lib/auth/use-sign-out.ts';
import { FactorAnswer } from './factor-answer.tsx';
import { FactorName } from './factor-name.tsx';
import { FormFailure } from './form-failure.tsx';

interface SecondFactorStepProps {
  /** Called once this session is at aal2 (MFA_CHALLENGE_VERIFIED has updated the store). */
  onVerified: () => void;
  /** When given, the step offers to sign out instead, and calls this once signed out. */
  onSignedOut?: () => void;
}

const linkButton =
  'min-h-11 rounded-lg px-1 font-semibold text-brand-800 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-slate-500';

/**
 * The second step of signing in (and of a change that needs aal2): the user answers one of their
 * verified factors — a code from their authenticator app, a texted code, or their passkey.
 */
export function SecondFactorStep({ onVerified, onSignedOut }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const request = useAuthRequest();
  const all = useAuthQuery('factors', loadFactors);
  const factors = useMemo(() => all.data?.filter((factor) => factor.verified), [all.data]);
  const pending = request.pending || all.loading;
  const [chosenId, setChosenId] = useState<string>();

  const chosen = factors?.find((factor) => factor.id === chosenId) ?? factors?.[0];
  return (
    <div aria-busy={pending} className="flex flex-col gap-4">
      <FormFailure message={request.failure ?? all.failure} />
      {factors === undefined && (
        <LoadingOrRetry pending={pending} onRetry={() => void all.reload()} />
      )}
      {factors?.length === 0 && <p className="text-slate-700">{t('mfa.none')}</p>}
      {factors && chosen && (
        <>
          {factors.length > 1 && (
            <FactorChoice
              factors={factors}
              chosen={chosen}
              disabled={pending}
              onChoose={setChosenId}
            />
          )}
          <FactorAnswer key={chosen.id} factor={chosen} request={request} onVerified={onVerified} />
        </>
      )}
      {/* Signing out waits for an answer on its way, not for the factors to load. */}
      {onSignedOut && <SignOutButton disabled={request.pending} onSignedOut={onSignedOut} />}
    </div>
  );
}

function LoadingOrRetry({ pending, onRetry }: { pending: boolean; onRetry: () => void }) {
  const { t } = useTranslation('auth');
  if (pending) return <p className="text-slate-700">{t('mfa.loading')}</p>;
  return (
    <Button variant="secondary" onClick={onRetry} className="self-start">
      {t('mfa.retry')}
    </Button>
  );
}

/** With more than one verified factor, the user picks the one at hand. */
function FactorChoice({
  factors,
  chosen,
  disabled,
  onChoose,
}: {
  factors: SecondFactor[];
  chosen: SecondFactor;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{t('mfa.choose')}</legend>
      {factors.map((factor) => (
        <label
          key={factor.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl px-4 py-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-700"
        >
          <input
            type="radio"
            name="second-factor"
            value={factor.id}
            checked={factor.id === chosen.id}
            disabled={disabled}
            onChange={() => onChoose(factor.id)}
            className="size-4 accent-brand-700"
          />
          <FactorName factor={factor} />
        </label>
      ))}
    </fieldset>
  );
}

function SignOutButton({ disabled, onSignedOut }: { disabled: boolean; onSignedOut: () => void }) {
  const { t } = useTranslation('auth');
  const { pending, signOut } = useSignOut();
  return (
    <button
      type="button"
      disabled={disabled || pending}
      onClick={() => void signOut().then((done) => done && onSignedOut())}
      className={`self-center ${linkButton}`}
    >
      {t('mfa.signOut')}
    </button>
  );
}
