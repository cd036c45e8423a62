import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { House } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { href } from '@partak/domain/routes';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404: no page at', pathname);
  }, [pathname]);

  return (
    <section className="flex flex-col items-center gap-4 pt-16 text-center">
      <DocumentTitle title={t('notFound.title')} />
      <p aria-hidden="true" className="text-7xl font-black text-brand-700">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-sm text-slate-700">{t('notFound.description')}</p>
      <ButtonLink to={href('home')}>
        <Icon icon={House} className="size-5" />
        {t('notFound.backHome')}
      </ButtonLink>
    </section>
  );
}
