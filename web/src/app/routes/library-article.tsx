import { useParams } from 'react-router';
import { ArticleView } from '@/features/library/components/article-view.tsx';

export function LibraryArticlePage() {
  const { articleId = '' } = useParams();
  return <ArticleView key={articleId} articleId={articleId} />;
}
