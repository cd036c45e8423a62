import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { UnsubscribeResult } from '@/features/settings/components/unsubscribe-result.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function UnsubscribeRemindersPage() {
  const { t } = useTranslation('settings');
  const [params] = useSearchParams();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('unsubscribe.title')} />
      <UnsubscribeResult token={params.get('token')} />
    </div>
  );
}
