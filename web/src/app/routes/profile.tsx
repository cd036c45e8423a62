import { lazy, Suspense } from 'react';
import { href } from '@partak/domain/routes';
import { ConfirmRemoveDialog } from '@/components/auth/confirm-remove-dialog.tsx';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { AccountDetails } from '@/features/account/components/account-details.tsx';
import { BusinessProfileCard } from '@/features/business-profile/business-profile-card.tsx';
import { YourDataSection } from '@/features/account/components/your-data-section.tsx';
import { SignedOutProfile } from '@/features/sign-in/components/signed-out-profile.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';

const PasskeysAndVerification = lazy(() =>
  import('@/features/security/components/passkeys-and-verification.tsx').then((m) => ({
    default: m.PasskeysAndVerification,
  })),
);

const SubscriptionSection = lazy(() =>
  import('@/features/subscription/components/subscription-section.tsx').then((m) => ({
    default: m.SubscriptionSection,
  })),
);

const ConnectedAppsSection = lazy(() =>
  import('@/features/connected-apps/components/connected-apps-section.tsx').then((m) => ({
    default: m.ConnectedAppsSection,
  })),
);

export function ProfilePage() {
  const { t } = useTranslation('auth');
  const auth = useAuthState();
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('home')}>{t('profile.back')}</BackLink>
      <PageHeader title={t('profile.title')} />
      <Suspense fallback={null}>
        <BusinessProfileCard />
      </Suspense>
      {auth.status === 'signedIn' ? (
        <>
          <AccountDetails user={auth.user} />
          <Suspense fallback={null}>
            <SubscriptionSection />
          </Suspense>
          <YourDataSection user={auth.user} />
          <Suspense fallback={null}>
            <PasskeysAndVerification />
          </Suspense>
          <Suspense fallback={null}>
            <ConnectedAppsSection ConfirmDialog={ConfirmRemoveDialog} />
          </Suspense>
        </>
      ) : (
        <SignedOutProfile />
      )}
    </div>
  );
}
