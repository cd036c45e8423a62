import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import 'sonner/dist/styles.css';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toasterMounted } from '@/lib/toast.ts';

/** Where toasts appear: top centre, above the bottom navigation's reach, rich colours. */
export function Toaster() {
  const { t } = useTranslation();
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t('notifications')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
