import { useEffect, useState, type ComponentType } from 'react';
import { formatMonthlyPrice, TRIAL_DAYS } from '@partak/domain/plans';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from '@/lib/toast.ts';
import type { BillingView } from '../use-billing.ts';

export interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Set while a visitor who tapped the trial signs in: once they are in, checkout goes on. */
const CHECKOUT_AFTER_SIGN_IN = 'partak_checkout_after_sign_in';

/**
 * The offer's buttons. Billing off: the spec's placeholder (a toast, a disabled checkout).
 * Signed out: the trial opens the sign-in dialog first, and checkout follows the sign-in. Signed
 * in: the trial (or, once the account had one, the plain subscription) goes to checkout.
 */
export function OfferButtons({
  view,
  busy,
  onCheckout,
  SignInDialog,
}: {
  view: BillingView;
  busy: boolean;
  onCheckout: () => void;
  SignInDialog: ComponentType<SignInDialogProps>;
}) {
  const { t, language } = useTranslation('subscription');
  const [signingIn, setSigningIn] = useState(false);
  const ready = view.kind === 'ready';

  // Leaving the offer forgets the intent (a redirect to Google or Apple and back keeps it).
  useEffect(() => () => sessionStorage.removeItem(CHECKOUT_AFTER_SIGN_IN), []);

  useEffect(() => {
    if (!ready || sessionStorage.getItem(CHECKOUT_AFTER_SIGN_IN) === null) return;
    sessionStorage.removeItem(CHECKOUT_AFTER_SIGN_IN);
    onCheckout();
  }, [ready, onCheckout]);

  if (view.kind === 'off' || view.kind === 'loading') {
    return (
      <>
        <Button
          variant="secondary"
          disabled={view.kind === 'loading'}
          onClick={() => toast.info(t('trialToast'), t('trialToastDescription'))}
          className="min-h-12 ring-0"
        >
          {t('startTrial', { count: TRIAL_DAYS })}
        </Button>
        {view.kind === 'off' && (
          <button
            type="button"
            disabled
            className="min-h-12 cursor-not-allowed rounded-2xl border border-dashed border-white/50 px-5 font-semibold text-brand-100"
          >
            {t('checkout')}
          </button>
        )}
      </>
    );
  }

  const trial = view.kind === 'signedOut' || view.status.trialAvailable;
  const start = () => {
    if (view.kind === 'ready') return onCheckout();
    sessionStorage.setItem(CHECKOUT_AFTER_SIGN_IN, '1');
    setSigningIn(true);
  };
  return (
    <>
      <Button variant="secondary" onClick={start} disabled={busy} className="min-h-12 ring-0">
        {trial
          ? t('startTrial', { count: TRIAL_DAYS })
          : t('subscribe', { price: formatMonthlyPrice(language) })}
      </Button>
      {signingIn && (
        <SignInDialog
          open={signingIn}
          onClose={() => {
            setSigningIn(false);
          }}
        />
      )}
    </>
  );
}
