import { Calculator } from 'lucide';
import { href } from '@partak/domain/routes';
import { LinkCard } from '@/components/ui/link-card.tsx';
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
      <LinkCard
        to={href('tools')}
        icon={Calculator}
        look="soft"
        title={t('toolsEntry.title')}
        description={t('toolsEntry.description')}
      />
      <TopicsTabs topics={<TopicList />} library={<LibraryEntryCard />} />
    </div>
  );
}
