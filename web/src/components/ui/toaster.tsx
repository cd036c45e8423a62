import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import 'sonner/dist/styles.css';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toasterMounted } from '@/lib/toast.ts';

/**
 * Toasts appear at the top centre, over the app's header (its logo and menu) and no lower: a
 * toast laid over a screen's own actions (the chat's History, Save and New) would sit on the
 * very buttons just pressed, and a pointer resting on a toast pauses it for as long as it rests.
 */
const OVER_HEADER = { top: 'max(0.5rem, env(safe-area-inset-top))' };

export function Toaster() {
  const { t } = useTranslation();
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      offset={OVER_HEADER}
      mobileOffset={OVER_HEADER}
      containerAriaLabel={t('notifications')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
