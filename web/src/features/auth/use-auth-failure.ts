import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { authErrorMessage } from '@/lib/auth-errors.ts';
import { toast } from '@/lib/toast.ts';

/**
 * Shows an auth failure the one way (product-spec §8): a 'Chyba' toast with the reason, translated
 * where the error code is known. Both functions return the reason, for forms that also show it.
 */
export function useAuthFailure() {
  const { t } = useTranslation('auth');
  const { t: errors } = useTranslation('errors');
  const show = useCallback(
    (message: string): string => {
      toast.error(t('error'), message);
      return message;
    },
    [t],
  );
  const showError = useCallback(
    (error: unknown): string => show(authErrorMessage(error, errors)),
    [show, errors],
  );
  return { show, showError };
}
