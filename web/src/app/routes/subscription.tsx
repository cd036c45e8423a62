import { lazy, Suspense } from 'react';
import { href } from '@partak/domain/routes';
import { SubscriptionOffer } from '@/features/subscription/components/subscription-offer.tsx';
import type { SignInDialogProps } from '@/features/subscription/components/offer-buttons.tsx';

const AuthDialog = lazy(() =>
  import('@/features/sign-in/components/auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })),
);

/** The offer signs a visitor in with the app's own dialog (and back here) before checkout. */
function SignInDialog(props: SignInDialogProps) {
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} returnTo={`${window.location.origin}${href('subscription')}`} />
    </Suspense>
  );
}

export function SubscriptionPage() {
  return <SubscriptionOffer SignInDialog={SignInDialog} />;
}
