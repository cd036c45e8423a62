import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ProfilePage() {
  const { t } = useTranslation('auth');
  return <PageHeader title={t('profile.title')} />;
}
