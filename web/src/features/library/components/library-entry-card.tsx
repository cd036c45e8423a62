import { BookOpen } from 'lucide';
import { href } from '@partak/domain/routes';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** The 'Vzdělávací knihovna' card that leads to /library. */
export function LibraryEntryCard() {
  const { t } = useTranslation('library');
  return (
    <LinkCard
      to={href('library')}
      icon={BookOpen}
      look="featured"
      title={t('entry.title')}
      description={t('entry.description')}
    />
  );
}
