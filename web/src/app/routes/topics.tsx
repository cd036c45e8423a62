import { LibraryEntryCard } from '@/features/library/components/library-entry-card.tsx';
import { TopicList } from '@/features/topics/components/topic-list.tsx';
import { TopicsTabs } from '@/features/topics/components/topics-tabs.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function TopicsPage() {
  const { t } = useTranslation('topics');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('intro')} />
      <TopicsTabs topics={<TopicList />} library={<LibraryEntryCard />} />
    </div>
  );
}
