import { useState } from 'react';
import { Trash2 } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { clearConversations } from '@/lib/data/conversations.ts';
import { toast } from '@/lib/toast.ts';

/** Deletes the saved conversations, after an explicit yes. */
export function ClearHistory() {
  const { t } = useTranslation('settings');
  const [confirming, setConfirming] = useState(false);

  const clear = async () => {
    await clearConversations();
    setConfirming(false);
    toast.success(t('history.cleared'), t('history.clearedDescription'));
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t('history.description')}</p>
      <Button variant="destructive" onClick={() => setConfirming(true)} className="self-start">
        <Icon icon={Trash2} />
        {t('history.clear')}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('history.confirmTitle')}
        role="alertdialog"
      >
        <p className="text-slate-700">{t('history.confirmDescription')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('history.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void clear()}>
            {t('history.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
