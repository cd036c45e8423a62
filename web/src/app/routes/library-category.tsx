import { useParams } from 'react-router';
import { CategoryView } from '@/features/library/components/category-view.tsx';

export function LibraryCategoryPage() {
  const { categoryId = '' } = useParams();
  return <CategoryView categoryId={categoryId} />;
}
