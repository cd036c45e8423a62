import { Link } from 'react-router';
import { Clock } from 'lucide';
import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { CATEGORY_ICONS } from '../category-icons.ts';
import { useLibrary } from '../use-library.ts';

/** One category: icon, title, description and its article cards. */
export function CategoryView({ categoryId }: { categoryId: string }) {
  const { t, language } = useTranslation('library');
  const category = useLibrary().find((candidate) => candidate.id === categoryId);

  if (!category) {
    return (
      <div className="flex flex-col gap-4 pt-4">
        <DocumentTitle title={t('categoryNotFound.title')} />
        <h1 className="sr-only">{t('categoryNotFound.title')}</h1>
        <EmptyState
          title={t('categoryNotFound.title')}
          description={t('categoryNotFound.description')}
        >
          <ButtonLink to={href('library')}>{t('backToLibrary')}</ButtonLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={category.title} />
      <BackLink to={href('library')}>{t('backToLibrary')}</BackLink>
      <header className="flex items-start gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
          <Icon icon={CATEGORY_ICONS[category.id]} className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{category.title}</h1>
          <p className="text-slate-700">{category.description}</p>
        </div>
      </header>
      <ul className="flex flex-col gap-3">
        {category.articles.map((article) => (
          <li key={article.id}>
            <Link
              to={href('libraryArticle', { categoryId: category.id, articleId: article.id })}
              lang="cs"
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
    </div>
  );
}
