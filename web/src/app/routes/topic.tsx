import { useParams } from 'react-router';
import { TopicDetail } from '@/features/topics/components/topic-detail.tsx';

export function TopicPage() {
  const { topicId = '' } = useParams();
  return <TopicDetail topicId={topicId} />;
}
