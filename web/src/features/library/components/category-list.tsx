import { href } from '@partak/domain/routes';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { CATEGORY_ICONS } from '../category-icons.ts';
import { useLibrary } from '../use-library.ts';

/** The five category cards, each with its article count. */
export function CategoryList() {
  const { t } = useTranslation('library');
  const library = useLibrary();
  return (
    <ul className="flex flex-col gap-3">
      {library.map((category) => (
        <li key={category.id}>
          <LinkCard
            to={href('libraryCategory', { categoryId: category.id })}
            icon={CATEGORY_ICONS[category.id]}
            tone="accent"
            title={category.title}
            description={category.description}
            extra={
              <span className="text-xs font-semibold text-brand-800">
                {t('articleCount', { count: category.articles.length })}
              </span>
            }
          />
        </li>
      ))}
    </ul>
  );
}
