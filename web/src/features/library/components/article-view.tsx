import { startTransition, use, useEffect, useState } from 'react';
import { Clock, Languages, ShieldCheck } from 'lucide';
import { DEFAULT_LANGUAGE } from '@partak/domain/languages';
import { href } from '@partak/domain/routes';
import { DetailPage } from '@/components/ui/detail-page.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/data/activity.ts';
import { loadArticle } from '@/lib/content-loader.ts';
import { formatDate } from '@/lib/format.ts';
import { useLibrary } from '../use-library.ts';

/**
 * An article, found by its id alone; the back link leads to the category it belongs to. It reads
 * in the interface language where it is translated, with "Read in Czech" for the original; a
 * Czech-only article says what language it is in through `lang`. Articles quoting figures of
 * Czech law say when those were last checked.
 */
export function ArticleView({ articleId }: { articleId: string }) {
  const { t, language } = useTranslation('library');
  const [original, setOriginal] = useState(false);
  const shown = original ? DEFAULT_LANGUAGE : language;
  const article = use(loadArticle(articleId, shown));
  const category = useLibrary().find((candidate) => candidate.id === article?.categoryId);

  // Read once per article: switching between the translation and the original is not a new read.
  const readId = article?.id;
  useEffect(() => {
    if (readId) recordActivity('article_read', readId);
  }, [readId]);

  if (!article || !category) {
    return (
      <DetailPage
        back={{ to: href('library'), label: t('backToLibrary') }}
        missing={{
          title: t('articleNotFound.title'),
          description: t('articleNotFound.description'),
        }}
      />
    );
  }

  const translated = language !== DEFAULT_LANGUAGE && (original || article.language === language);
  return (
    <DetailPage
      back={{
        to: href('libraryCategory', { categoryId: category.id }),
        label: t('backToCategory', { category: category.title }),
      }}
    >
      <article className="flex flex-col gap-5">
        <DocumentTitle title={article.title} />
        {translated && (
          <button
            type="button"
            // A transition: the article stays on screen while the other language loads.
            onClick={() => startTransition(() => setOriginal(!original))}
            className="flex items-center gap-2 self-start rounded-2xl bg-accent-100 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-accent-200"
          >
            <Icon icon={Languages} className="text-accent-700" />
            {original ? t('reader.readInLanguage') : t('reader.readInCzech')}
          </button>
        )}
        <header lang={article.language} className="flex flex-col gap-2">
          <h1 className="text-2xl leading-tight font-bold tracking-tight text-slate-900">
            {article.title}
          </h1>
          <p className="text-lg leading-relaxed text-slate-700">{article.preview}</p>
        </header>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            <Icon icon={Clock} className="size-4" />
            {t('readingTime', { count: article.minutes })}
          </span>
          {article.checkedOn && (
            <span className="flex items-center gap-1">
              <Icon icon={ShieldCheck} className="size-4" />
              {t('reader.checkedOn', { date: formatDate(article.checkedOn, language) })}
            </span>
          )}
        </p>
        <div
          lang={article.language}
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
