import { Suspense, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Pencil, Trash2 } from 'lucide';
import { hasBusinessDetails } from '@partak/domain/business-profile';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';
import { BusinessProfileForm } from './business-profile-form.tsx';
import { BUSINESS_PROFILE_ANCHOR } from './anchor.ts';
import { ProfileSummary } from './profile-summary.tsx';
import { SECTIONS } from './profile-draft.ts';

/**
 * "Můj byznys" on the profile page: what the profile says, the form to change it (opened at once
 * when the page is reached by the settings' link) and "Smazat profil podnikání", after a yes.
 */
export function BusinessProfileCard() {
  const { t } = useTranslation('business');
  const formId = useId();
  const { hash } = useLocation();
  const [profile, write] = useStored('business-profile', businessProfileStore);
  const [editing, setEditing] = useState(hash === `#${BUSINESS_PROFILE_ANCHOR}`);
  const [confirming, setConfirming] = useState(false);
  const filled = hasBusinessDetails(profile);

  // Reached by the settings' link: the form is open (the state above), and in view (a client-side
  // navigation does not scroll to the anchor by itself).
  useEffect(() => {
    if (hash !== `#${BUSINESS_PROFILE_ANCHOR}`) return;
    document.getElementById(BUSINESS_PROFILE_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const remove = async () => {
    // Every detail goes; the finished onboarding stays finished (it would only ask again).
    const result = await write((current) =>
      current.onboardedAt ? { onboardedAt: current.onboardedAt } : {},
    );
    setConfirming(false);
    setEditing(false);
    if (result === 'ok') toast.success(t('card.deleted'));
  };

  return (
    <div id={BUSINESS_PROFILE_ANCHOR} className="scroll-mt-24">
      <SectionCard title={t('title')} description={t('card.description')}>
        {!editing && <ProfileSummary profile={profile} />}
        <Button
          variant={editing ? 'secondary' : 'primary'}
          className="self-start"
          aria-expanded={editing}
          aria-controls={editing ? formId : undefined}
          onClick={() => setEditing(!editing)}
        >
          <Icon icon={Pencil} />
          {editing ? t('card.close') : filled ? t('card.edit') : t('card.fill')}
        </Button>
        {editing && (
          <div id={formId} className="flex flex-col gap-2">
            <p className="text-sm text-slate-600">{t('form.optional')}</p>
            <Suspense fallback={null}>
              <BusinessProfileForm
                sections={SECTIONS}
                submitLabel={t('form.save')}
                onSaved={() => {
                  toast.success(t('form.saved'));
                  setEditing(false);
                }}
              />
            </Suspense>
          </div>
        )}
        {filled && (
          <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
            <Icon icon={Trash2} />
            {t('card.delete')}
          </Button>
        )}
        <Dialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('card.confirmTitle')}
          role="alertdialog"
        >
          <p className="text-slate-700">{t('card.confirmDescription')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
              {t('card.cancel')}
            </Button>
            <Button variant="destructive" onClick={() => void remove()}>
              {t('card.confirm')}
            </Button>
          </div>
        </Dialog>
      </SectionCard>
    </div>
  );
}

export default BusinessProfileCard;
