import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageCircle } from 'lucide';
import { href } from '@partak/domain/routes';
import { isTopicId } from '@partak/domain/topics';
import { BackLink } from '@/components/ui/back-link.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/activity-log.ts';
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
      <div className="flex flex-col gap-4 pt-4">
        <DocumentTitle title={t('notFound.title')} />
        <h1 className="sr-only">{t('notFound.title')}</h1>
        <EmptyState title={t('notFound.title')} description={t('notFound.description')}>
          <ButtonLink to={href('topics')}>{t('back')}</ButtonLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <article className="flex flex-col gap-6">
      <DocumentTitle title={topic.title} />
      <BackLink to={href('topics')}>{t('back')}</BackLink>
      <header className="flex items-start gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon icon={TOPIC_ICONS[topic.id]} className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{topic.title}</h1>
          <p className="text-slate-700">{topic.description}</p>
        </div>
      </header>
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
