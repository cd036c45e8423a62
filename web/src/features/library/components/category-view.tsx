import { Link } from 'react-router';
import { Clock } from 'lucide';
import { href } from '@partak/domain/routes';
import { DetailHeader } from '@/components/ui/detail-header.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { DetailPage } from '@/components/ui/detail-page.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { CATEGORY_ICONS } from '../category-icons.ts';
import { useLibrary } from '../use-library.ts';

/** One category: icon, title, description and its article cards. */
export function CategoryView({ categoryId }: { categoryId: string }) {
  const { t, language } = useTranslation('library');
  const category = useLibrary().find((candidate) => candidate.id === categoryId);

  const back = { to: href('library'), label: t('backToLibrary') };
  if (!category) {
    return (
      <DetailPage
        back={back}
        missing={{
          title: t('categoryNotFound.title'),
          description: t('categoryNotFound.description'),
        }}
      />
    );
  }
  return (
    <DetailPage back={back}>
      <DetailHeader
        icon={CATEGORY_ICONS[category.id]}
        tone="accent"
        title={category.title}
        description={category.description}
      />
      <ul className="flex flex-col gap-3">
        {category.articles.map((article) => (
          <li key={article.id}>
            <Link
              to={href('libraryArticle', { categoryId: category.id, articleId: article.id })}
              lang={article.language}
              className="flex flex-col gap-2 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
            >
              <span className="font-semibold text-slate-900">{article.title}</span>
              <span className="text-sm leading-relaxed text-slate-700">{article.preview}</span>
              <span className="flex items-center gap-1 text-xs font-medium text-slate-600">
                <Icon icon={Clock} className="size-4" />
                <span lang={language}>{t('readingTime', { count: article.minutes })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DetailPage>
  );
}
