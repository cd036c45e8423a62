import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** An authorization that cannot be shown: why, a way to try again when that may help, and home. */
export function ConsentProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div role="alert">
      <EmptyState title={t('consent.failedTitle')} description={message}>
        <div className="flex flex-wrap justify-center gap-2">
          {onRetry && <Button onClick={onRetry}>{t('consent.retry')}</Button>}
          <ButtonLink to={href('home')} variant={onRetry ? 'secondary' : 'primary'}>
            {t('consent.home')}
          </ButtonLink>
        </div>
      </EmptyState>
    </div>
  );
}
