import { ArrowRight, Compass } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { href } from '@partak/domain/routes';
import { LogoMark } from '@/components/brand/logo.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';

/** The home screen's message: who Parťák is and the two ways in. */
export function Welcome() {
  const { t } = useTranslation('home');
  return (
    <section className="flex flex-col items-center gap-6 px-2 pt-10 text-center">
      <DocumentTitle />
      <LogoMark className="size-20 drop-shadow-md" />
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {t('title')}
        </h1>
        <p className="mx-auto max-w-md text-lg leading-relaxed text-slate-700">{t('subtitle')}</p>
      </div>
      <div className="flex w-full max-w-xs flex-col gap-3">
        <ButtonLink to={href('chat')}>
          {t('startChat')}
          <Icon icon={ArrowRight} className="size-5" />
        </ButtonLink>
        <ButtonLink to={href('topics')} variant="secondary">
          <Icon icon={Compass} className="size-5" />
          {t('exploreTopics')}
        </ButtonLink>
      </div>
    </section>
  );
}
