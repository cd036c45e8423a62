import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { errorMessage } from '../error-message.ts';
import { toast } from '../toast.ts';

/**
 * Shows an auth failure the one way (lib/error-message.ts, docs/product.md#failures-and-messages):
 * a 'Chyba' toast with the reason, translated where the error code is known. Both functions return
 * the reason at once, for forms that also show it inline.
 */
export function useAuthFailure() {
  const { t } = useTranslation('errors');
  const show = useCallback(
    (message: string): string => {
      toast.error(t('title'), message);
      return message;
    },
    [t],
  );
  const showError = useCallback(
    (error: unknown): string => show(errorMessage(error, t)),
    [show, t],
  );
  return { show, showError };
}
