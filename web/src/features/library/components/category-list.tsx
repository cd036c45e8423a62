import { Link } from 'react-router';
import { ChevronRight } from 'lucide';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
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
          <Link
            to={href('libraryCategory', { categoryId: category.id })}
            className="flex items-center gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
              <Icon icon={CATEGORY_ICONS[category.id]} className="size-6" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="font-semibold text-slate-900">{category.title}</span>
              <span className="text-sm text-slate-600">{category.description}</span>
              <span className="text-xs font-semibold text-brand-800">
                {t('articleCount', { count: category.articles.length })}
              </span>
            </span>
            <Icon icon={ChevronRight} className="text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
