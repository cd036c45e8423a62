import { Link } from 'react-router';
import { ChevronRight } from 'lucide';
import { href } from '@partak/domain/routes';
import type { TopicGroup } from '@partak/domain/topics';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { TOPIC_ICONS } from '../topic-icons.ts';
import { useTopics } from '../use-topics.ts';

const GROUPS: TopicGroup[] = ['business', 'growth'];

/** The topics in their two groups; each card opens the topic. */
export function TopicList() {
  const { t } = useTranslation('topics');
  const topics = useTopics();
  return (
    <div className="flex flex-col gap-8">
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`topics-${group}`} className="flex flex-col gap-3">
          <h2 id={`topics-${group}`} className="text-lg font-bold text-slate-900">
            {t(`groups.${group}`)}
          </h2>
          <ul className="flex flex-col gap-3">
            {topics
              .filter((topic) => topic.group === group)
              .map((topic) => (
                <li key={topic.id}>
                  <Link
                    to={href('topic', { topicId: topic.id })}
                    className="flex items-center gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
                  >
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                      <Icon icon={TOPIC_ICONS[topic.id]} className="size-6" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="font-semibold text-slate-900">{topic.title}</span>
                      <span className="text-sm text-slate-600">{topic.description}</span>
                    </span>
                    <Icon icon={ChevronRight} className="text-slate-400" />
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
