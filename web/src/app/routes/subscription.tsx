import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  return <PageHeader title={t('title')} />;
}
