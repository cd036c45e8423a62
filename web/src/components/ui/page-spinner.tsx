import { useTranslation } from '@/i18n/use-translation.ts';

/** Shown while a screen's code or dictionary is on its way. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
