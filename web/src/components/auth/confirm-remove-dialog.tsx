import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * "Remove …?" with Cancel first (and focused) and the destructive Remove (or `removeLabel`, say
 * "Disconnect"). Open while `text` is set.
 */
export function ConfirmRemoveDialog({
  title,
  text,
  removeLabel,
  onCancel,
  onRemove,
}: {
  title: string;
  text: string | undefined;
  removeLabel?: string;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Dialog open={text !== undefined} onClose={onCancel} title={title} role="alertdialog">
      <p className="text-slate-700">{text}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('security.cancel')}
        </Button>
        <Button variant="destructive" onClick={onRemove}>
          {removeLabel ?? t('security.remove')}
        </Button>
      </div>
    </Dialog>
  );
}
