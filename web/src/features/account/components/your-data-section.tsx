import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiFetch } from '@/lib/api-client.ts';
import type { AuthUser } from '@/lib/auth-state.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { toast } from '@/lib/toast.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Saves everything of the user's as a JSON file (GDPR art. 15 and 20). */
async function downloadExport(): Promise<void> {
  const response = await apiFetch('/account/export');
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'partak-export.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The user's rights over their data: a copy of all of it, and deleting the account. */
export function YourDataSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const exporting = useMutation(
    {
      mutationFn: downloadExport,
      onSuccess: () => toast.success(t('data.exported')),
      onError: (error) => toast.error(t('data.exportFailed'), errorMessage(error, tErrors)),
    },
    queryClient,
  );
  const [deleting, setDeleting] = useState(false);

  return (
    <SectionCard title={t('data.title')} description={t('data.description')}>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          <Icon icon={Download} />
          {t('data.export')}
        </Button>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Icon icon={Trash2} />
          {t('data.delete')}
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </SectionCard>
  );
}
