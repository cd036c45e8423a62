import { Link } from 'react-router';
import { BookOpen, ChevronRight } from 'lucide';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** The 'Vzdělávací knihovna' card that leads to /library. */
export function LibraryEntryCard() {
  const { t } = useTranslation('library');
  return (
    <Link
      to={href('library')}
      className="flex items-center gap-4 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-md transition hover:shadow-lg"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-white/15">
        <Icon icon={BookOpen} className="size-7" />
      </span>
      <span className="flex flex-1 flex-col gap-1">
        <span className="text-lg font-bold">{t('entry.title')}</span>
        <span className="text-sm text-brand-100">{t('entry.description')}</span>
      </span>
      <Icon icon={ChevronRight} />
    </Link>
  );
}
