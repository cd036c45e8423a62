import { PageHeader } from '@/components/ui/page-header.tsx';
import { ToolsList } from '@/features/tools/components/tools-list.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function ToolsPage() {
  const { t } = useTranslation('tools');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('intro')} />
      <ToolsList />
    </div>
  );
}
