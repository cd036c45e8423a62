import { href } from '@partak/domain/routes';
import type { TopicGroup } from '@partak/domain/topics';
import { LinkCard } from '@/components/ui/link-card.tsx';
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
                  <LinkCard
                    to={href('topic', { topicId: topic.id })}
                    icon={TOPIC_ICONS[topic.id]}
                    title={topic.title}
                    description={topic.description}
                  />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
