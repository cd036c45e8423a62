import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';
import { BusinessProfileForm } from './business-profile-form.tsx';
import { SECTIONS } from './profile-draft.ts';

const onboarded = <T extends object>(profile: T) => ({
  ...profile,
  onboardedAt: new Date().toISOString(),
});

/**
 * The chat's short, skippable onboarding: three small steps of the profile's form, each saved on
 * "Pokračovat" or passed over with "Přeskočit". Finishing or "Přeskočit vše" sets `onboardedAt`,
 * and it is never offered again. It sits above the message box and never takes the focus: the
 * user can type a question at any time.
 */
export function OnboardingCard() {
  const { t } = useTranslation('business');
  const headingId = useId();
  const [profile, write] = useStored('business-profile', businessProfileStore);
  const [step, setStep] = useState(0);
  if (profile.onboardedAt) return null;

  const section = SECTIONS[step] ?? 'rest';
  const last = step === SECTIONS.length - 1;
  const finishAll = () => void write(onboarded);
  const next = () => {
    if (last) toast.success(t('onboarding.done'));
    else setStep(step + 1);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-200"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {t('onboarding.title')}
        </h2>
        <p className="text-slate-700">{t('onboarding.why')}</p>
        <p className="text-sm font-semibold text-brand-800">
          {t('onboarding.step', { step: step + 1, total: SECTIONS.length })}
          {' · '}
          {t(`onboarding.steps.${section}`)}
        </p>
      </div>
      <BusinessProfileForm
        key={section}
        sections={[section]}
        submitLabel={last ? t('onboarding.finish') : t('onboarding.continue')}
        finish={last ? onboarded : undefined}
        onSaved={next}
        actions={
          <>
            <Button
              type="button"
              variant="secondary"
              onClick={() => (last ? finishAll() : setStep(step + 1))}
            >
              {t('onboarding.skip')}
            </Button>
            <Button type="button" variant="ghost" onClick={finishAll}>
              {t('onboarding.skipAll')}
            </Button>
          </>
        }
      />
    </section>
  );
}

export default OnboardingCard;
