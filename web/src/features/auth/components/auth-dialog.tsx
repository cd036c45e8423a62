import { useTranslation } from '@/i18n/use-translation.ts';
import { Dialog } from '@/components/ui/dialog.tsx';

/** The sign-in / registration dialog. Until the auth server lands it says so plainly. */
export function AuthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Dialog open={open} onClose={onClose} title={t('dialog.title')}>
      <p className="text-slate-700">{t('dialog.comingSoon')}</p>
    </Dialog>
  );
}
