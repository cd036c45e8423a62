import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageCircle } from 'lucide';
import { href } from '@partak/domain/routes';
import { isTopicId } from '@partak/domain/topics';
import { BackLink } from '@/components/ui/back-link.tsx';
import { DetailHeader } from '@/components/ui/detail-header.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { NotFoundState } from '@/components/ui/not-found-state.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { askInChat } from '@/lib/chat-hand-off.ts';
import { TOPIC_ICONS } from '../topic-icons.ts';
import { useTopics } from '../use-topics.ts';

/** A topic's title, description and starter questions; a question opens the chat with it. */
export function TopicDetail({ topicId }: { topicId: string }) {
  const { t } = useTranslation('topics');
  const navigate = useNavigate();
  const topic = useTopics().find((candidate) => candidate.id === topicId);

  useEffect(() => {
    if (isTopicId(topicId)) recordActivity('topic_opened', topicId);
  }, [topicId]);

  if (!topic) {
    return (
      <NotFoundState
        title={t('notFound.title')}
        description={t('notFound.description')}
        backTo={href('topics')}
        backLabel={t('back')}
      />
    );
  }

  return (
    <article className="flex flex-col gap-6">
      <BackLink to={href('topics')}>{t('back')}</BackLink>
      <DetailHeader
        icon={TOPIC_ICONS[topic.id]}
        title={topic.title}
        description={topic.description}
      />
      <section aria-labelledby="starter-questions" className="flex flex-col gap-3">
        <div>
          <h2 id="starter-questions" className="text-lg font-bold text-slate-900">
            {t('questionsTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('askHint')}</p>
        </div>
        <ul className="flex flex-col gap-3">
          {topic.questions.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => navigate(href('chat'), { state: askInChat(question) })}
                className="flex w-full items-start gap-3 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
              >
                <Icon icon={MessageCircle} className="mt-0.5 text-brand-700" />
                <span className="text-slate-900">{question}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
