import { Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { href } from '@partak/domain/routes';
import { isTopicId } from '@partak/domain/topics';
import { DetailHeader } from '@/components/ui/detail-header.tsx';
import { DetailPage } from '@/components/ui/detail-page.tsx';
import { QuestionList } from '@/components/ui/question-list.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { askInChat } from '@/lib/chat-hand-off.ts';
import { TOPIC_ICONS } from '../topic-icons.ts';
import { RelatedArticles } from './related-articles.tsx';
import { useTopics } from '../use-topics.ts';

/** A topic's title, description and starter questions; a question opens the chat with it. */
export function TopicDetail({ topicId }: { topicId: string }) {
  const { t } = useTranslation('topics');
  const navigate = useNavigate();
  const topic = useTopics().find((candidate) => candidate.id === topicId);

  useEffect(() => {
    if (isTopicId(topicId)) recordActivity('topic_opened', topicId);
  }, [topicId]);

  const back = { to: href('topics'), label: t('back') };
  if (!topic) {
    return (
      <DetailPage
        back={back}
        missing={{ title: t('notFound.title'), description: t('notFound.description') }}
      />
    );
  }
  return (
    <DetailPage back={back}>
      <DetailHeader
        icon={TOPIC_ICONS[topic.id]}
        title={topic.title}
        description={topic.description}
      />
      <QuestionList
        id="starter-questions"
        title={t('questionsTitle')}
        hint={t('askHint')}
        questions={topic.questions}
        onPick={(question) => void navigate(href('chat'), { state: askInChat(question) })}
      />
      {/* The questions need not wait for the library: the articles join when they are ready. */}
      <Suspense fallback={null}>
        <RelatedArticles topicId={topic.id} />
      </Suspense>
    </DetailPage>
  );
}
