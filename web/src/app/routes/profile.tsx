import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SignedOutProfile } from '@/features/auth/components/signed-out-profile.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function ProfilePage() {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('home')}>{t('profile.back')}</BackLink>
      <PageHeader title={t('profile.title')} />
      <SignedOutProfile />
    </div>
  );
}
