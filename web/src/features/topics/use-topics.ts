import { use } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadTopics, type Topic } from '@/lib/content-loader.ts';

/** The topics in the interface language (suspends while they load). */
export function useTopics(): Topic[] {
  const { language } = useTranslation('topics');
  return use(loadTopics(language));
}
