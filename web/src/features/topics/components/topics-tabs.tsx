import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { useTranslation } from '@/i18n/use-translation.ts';

const TAB_TRIGGER =
  'flex-1 rounded-xl px-4 py-2.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

/**
 * 'Témata' (default) and 'Knihovna'. The open tab is kept in the URL (?tab=library), so back,
 * reload and shared links land on the same tab. Arrow keys move between tabs.
 */
export function TopicsTabs({ topics, library }: { topics: ReactNode; library: ReactNode }) {
  const { t } = useTranslation('topics');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'library' ? 'library' : 'topics';

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        setParams(value === 'library' ? { tab: 'library' } : {}, { replace: true })
      }
      className="flex flex-col gap-6"
    >
      <Tabs.List aria-label={t('tabs.label')} className="flex gap-1 rounded-2xl bg-slate-100 p-1">
        <Tabs.Trigger value="topics" className={TAB_TRIGGER}>
          {t('tabs.topics')}
        </Tabs.Trigger>
        <Tabs.Trigger value="library" className={TAB_TRIGGER}>
          {t('tabs.library')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="topics">{topics}</Tabs.Content>
      <Tabs.Content value="library">{library}</Tabs.Content>
    </Tabs.Root>
  );
}
