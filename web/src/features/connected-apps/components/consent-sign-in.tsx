import { Suspense, useState, type ComponentType } from 'react';
import { LogIn } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The consent page for a visitor who is not signed in (or whose sign-in waits for its second
 * factor): what is asked, and the sign-in dialog. Once signed in, the page shows the request
 * itself. The dialog comes from the route, which composes the features.
 */
export function ConsentSignIn({
  finishing,
  SignInDialog,
}: {
  finishing: boolean;
  SignInDialog: ComponentType<{ open: boolean; onClose: () => void }>;
}) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  return (
    <EmptyState
      title={t(finishing ? 'consent.finishTitle' : 'consent.signInTitle')}
      description={t(finishing ? 'consent.finishDescription' : 'consent.signInDescription')}
    >
      <Button onClick={() => setOpen(true)}>
        <Icon icon={LogIn} />
        {t(finishing ? 'consent.finish' : 'consent.signIn')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SignInDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </EmptyState>
  );
}
