import { lazy, Suspense, useState } from 'react';
import { LogIn } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';

const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/**
 * The profile of a visitor who is not signed in: what they would find here, and the way in. A
 * sign-in still waiting for its second factor is offered to be finished (the dialog asks for it).
 */
export function SignedOutProfile() {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const finishing = useAuthState().status === 'needsSecondFactor';
  return (
    <EmptyState
      title={t(finishing ? 'profile.finishTitle' : 'profile.signedOutTitle')}
      description={t(finishing ? 'profile.finishDescription' : 'profile.signedOutDescription')}
    >
      <Button onClick={() => setOpen(true)}>
        <Icon icon={LogIn} />
        {t(finishing ? 'profile.finish' : 'profile.signIn')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AuthDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </EmptyState>
  );
}
