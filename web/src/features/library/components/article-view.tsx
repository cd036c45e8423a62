import { use, useEffect } from 'react';
import { Clock, Languages } from 'lucide';
import { href } from '@partak/domain/routes';
import { DetailPage } from '@/components/ui/detail-page.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { loadArticle } from '@/lib/content-loader.ts';
import { useLibrary } from '../use-library.ts';

/**
 * An article, found by its id alone; the back link leads to the category it belongs to. Articles
 * are Czech in every interface language, and other languages say so.
 */
export function ArticleView({ articleId }: { articleId: string }) {
  const { t, language } = useTranslation('library');
  const article = use(loadArticle(articleId));
  const category = useLibrary().find((candidate) => candidate.id === article?.categoryId);

  useEffect(() => {
    if (article) recordActivity('article_read', article.id);
  }, [article]);

  if (!article || !category) {
    return (
      <DetailPage
        back={{ to: href('library'), label: t('backToLibrary') }}
        missing={{
          title: t('articleNotFound.title'),
          description: t('articleNotFound.description'),
        }}
      >
        {null}
      </DetailPage>
    );
  }

  return (
    <DetailPage
      back={{
        to: href('libraryCategory', { categoryId: category.id }),
        label: t('backToCategory', { category: category.title }),
      }}
    >
      <article className="flex flex-col gap-5">
        <DocumentTitle title={article.title} />
        {language !== 'cs' && (
          <p className="flex items-center gap-2 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-slate-800">
            <Icon icon={Languages} className="text-accent-700" />
            {t('czechOnly')}
          </p>
        )}
        <header lang="cs" className="flex flex-col gap-2">
          <h1 className="text-2xl leading-tight font-bold tracking-tight text-slate-900">
            {article.title}
          </h1>
          <p className="text-lg leading-relaxed text-slate-700">{article.preview}</p>
        </header>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon icon={Clock} className="size-4" />
          {t('readingTime', { count: article.minutes })}
        </p>
        <div
          lang="cs"
          className="flex flex-col gap-4 text-[1.0625rem] leading-relaxed text-slate-800"
        >
          {article.paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </article>
    </DetailPage>
  );
}
