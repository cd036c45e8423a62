import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ChatPage() {
  const { t } = useTranslation('chat');
  return <PageHeader title={t('title')} />;
}
