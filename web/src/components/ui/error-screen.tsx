import { RefreshCw } from 'lucide';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import { ScreenMessage } from './screen-message.tsx';

/** What a screen that failed shows: what happened and the way out (a fresh load). */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <ScreenMessage title={t('failure.title')} description={t('failure.description')}>
      <Button onClick={() => window.location.reload()}>
        <Icon icon={RefreshCw} />
        {t('failure.reload')}
      </Button>
    </ScreenMessage>
  );
}
