import { use } from 'react';
import { BookOpen } from 'lucide';
import { href } from '@partak/domain/routes';
import type { TopicId } from '@partak/domain/topics';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadTopicArticles } from '@/lib/content-loader.ts';

/** The library's articles on a topic, and a word when some of its questions have none. */
export function RelatedArticles({ topicId }: { topicId: TopicId }) {
  const { t, language } = useTranslation('topics');
  const { articles, someUncovered } = use(loadTopicArticles(topicId, language));
  return (
    <section aria-labelledby="related-articles" className="flex flex-col gap-3">
      <h2 id="related-articles" className="text-lg font-bold text-slate-900">
        {t('related')}
      </h2>
      <ul className="flex flex-col gap-2">
        {articles.slice(0, 4).map((article) => (
          <li key={article.id} lang={article.language}>
            <LinkCard
              to={href('libraryArticle', { categoryId: article.categoryId, articleId: article.id })}
              icon={BookOpen}
              tone="accent"
              title={article.title}
              description={article.preview}
            />
          </li>
        ))}
      </ul>
      {someUncovered && <p className="text-sm text-slate-600">{t('uncovered')}</p>}
    </section>
  );
}
